import type { KpiMonth, ReportColumnKind } from '@raahi/domain';

/** The four figures of the KPI dashboard, how each is shown (₹ per km to the paisa, km/L and % to 0.1). */
export const KPI_FIGURES: { key: Exclude<keyof KpiMonth, 'month'>; title: string; kind: ReportColumnKind; colour: string }[] = [
  { key: 'costPerKm', title: 'Cost per km (₹)', kind: 'money', colour: '#2563eb' },
  { key: 'kmPerLitre', title: 'Fuel economy (km/L)', kind: 'kmPerLitre', colour: '#16a34a' },
  { key: 'onTimePercent', title: 'On-time delivery (%)', kind: 'percent', colour: '#f97316' },
  { key: 'marginPercent', title: 'Margin (%)', kind: 'percent', colour: '#9333ea' },
];
