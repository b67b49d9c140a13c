import type { ReportKey } from '@raahi/domain';
import { complianceRegisterReport } from './compliance-register';
import { coldChainReport } from './cold-chain';
import { FUEL_REPORTS } from './fuel-reports';
import { inventoryValuationReport } from './inventory-valuation';
import { MONEY_REPORTS } from './money-reports';
import type { ReportDefinition } from './report';
import { salesPipelineReport } from './sales-pipeline';

/** Every report the server answers (issue 20, decision 0047): the registers here, the money and fuel reports from their lanes. */
export const REPORTS: readonly ReportDefinition[] = [
  complianceRegisterReport,
  inventoryValuationReport,
  salesPipelineReport,
  coldChainReport,
  ...MONEY_REPORTS,
  ...FUEL_REPORTS,
];

const byKey = new Map<string, ReportDefinition>(REPORTS.map((report) => [report.description.key, report]));
/** The report of a catalogue key, if it is built. */
export const reportOf = (key: ReportKey): ReportDefinition | undefined => byKey.get(key);
