import { challansReport } from './challans';
import { costPerKmReport } from './cost-per-km';
import { maintenanceCostReport } from './maintenance-cost';
import type { ReportDefinition } from './report';
import { stationSettlementsReport } from './station-settlements';
import { tripProfitabilityReport } from './trip-profitability';

/** The reports over money kept in monthly rollups (issue 20; decision 0048): registered in index.ts. */
export const MONEY_REPORTS: ReportDefinition[] = [costPerKmReport, tripProfitabilityReport, challansReport, maintenanceCostReport, stationSettlementsReport];
