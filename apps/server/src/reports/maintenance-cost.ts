import { JOB_TYPES } from '@raahi/domain';
import { keyFilters, runGroupedReport, rupees, text, whole } from '../rollups/report-run';
import type { ReportDefinition } from './report';

/**
 * 6 Maintenance cost by vehicle and job type (issue 20; decision 0048): the job cards' Cost, not Cancelled ones,
 * on their Completion Date else their Scheduled Date (as the vehicle page dates them, decision 0042), from the
 * vehicle cost rollup's 'Job Cards' rows (their detail is the job type). Highest cost first.
 */
export const maintenanceCostReport: ReportDefinition = {
  description: {
    key: 'maintenance-cost',
    title: 'Maintenance Cost',
    description: 'Job card cost by vehicle and job type (Cancelled job cards left out), dated by Completion Date, else Scheduled Date.',
    period: true,
    filters: ['vehicle'],
    columns: [
      { key: 'vehicle', label: 'Vehicle', kind: 'text' },
      { key: 'jobType', label: 'Job Type', kind: 'text' },
      { key: 'jobs', label: 'Job Cards', kind: 'integer' },
      { key: 'cost', label: 'Cost (₹)', kind: 'money' },
    ],
    chart: { type: 'bar', x: 'jobType', series: ['cost'] },
  },
  areas: ['maintenance'],
  run(database, params) {
    const { where, params: values } = keyFilters(params.filters, { vehicle: 'vehicle_id' });
    return runGroupedReport(database, params, {
      rollup: 'rollup_vehicle_cost',
      sources: ['maintenance_jobs'],
      where: { ...where, kind: (key) => `${key} = 'Job Cards'` },
      params: values,
      grouped: `SELECT vehicle_id, detail AS job_type, sum(records) AS jobs, sum(amount) AS cost FROM p GROUP BY vehicle_id, detail`,
      page: `SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) AS vehicle, g.* FROM g LEFT JOIN vehicles v ON v.id = g.vehicle_id
              ORDER BY g.cost DESC, g.vehicle_id, g.job_type`,
      totals: `SELECT sum(jobs) AS jobs, sum(cost) AS cost FROM g`,
      points: `SELECT job_type, sum(cost) AS cost FROM g GROUP BY job_type ORDER BY array_position(ARRAY[${JOB_TYPES.map((t) => `'${t}'`).join(', ')}]::text[], job_type), job_type`,
      toRow: (row) => ({
        vehicle: text(row.vehicle) ?? String(row.vehicle_id),
        vehicleId: String(row.vehicle_id),
        jobType: text(row.job_type),
        jobs: whole(row.jobs),
        cost: rupees(row.cost),
      }),
      toTotals: (row) => ({ jobs: whole(row.jobs), cost: rupees(row.cost) ?? 0 }),
      toPoint: (row) => ({ jobType: text(row.job_type), cost: rupees(row.cost) }),
    });
  },
};
