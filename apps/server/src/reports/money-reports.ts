import type { ReportDefinition } from './report';

/** The reports over money kept in monthly rollups (issue 20; the rollups lane): registered in index.ts. */
export const MONEY_REPORTS: ReportDefinition[] = [];
