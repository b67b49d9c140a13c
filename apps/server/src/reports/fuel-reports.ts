import { fuelEconomyReport } from './fuel-economy';
import type { ReportDefinition } from './report';

/** The reports over odometers and fuel fills (issue 20): registered in index.ts. */
export const FUEL_REPORTS: ReportDefinition[] = [fuelEconomyReport];
