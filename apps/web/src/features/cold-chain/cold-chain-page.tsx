import { Activity, Snowflake, Thermometer, Truck } from 'lucide-react';
import { COLD_CHAIN_STATUSES, coldChainArea, outOfRange, REPORT_BUTTONS, type ColdChainInput, type ColdChainUnit } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { IdCell, InertRowAction, LinkedLabel, StatusBadge } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import { reportAction } from '../../components/report-button';
import type { BadgeTone } from '../../components/ui/badge';
import { formatNumber, NA } from '../../lib/format';
import { cn } from '../../lib/utils';
import { tripReference } from '../references';

const STATUS_TONES: Record<string, BadgeTone> = { Optimal: 'green', Warning: 'yellow', Critical: 'red', Offline: 'gray' };
const degrees = (value: number | null) => (value === null ? NA : `${formatNumber(value)} °C`);

function CurrentTemp({ unit }: { unit: ColdChainUnit }) {
  if (unit.currentTemp === null) return <span>{NA}</span>;
  const outside = outOfRange(unit);
  const classes = cn('font-medium', outside ? 'text-red-600 dark:text-red-400' : 'text-green-700 dark:text-green-400');
  return (
    <span className={classes} title={outside ? 'Outside the unit’s range' : 'Within the unit’s range'}>
      {degrees(unit.currentTemp)}
    </span>
  );
}

/** A refrigerated truck, drawn for decoration only. */
const Illustration = (
  <div
    aria-hidden
    className="flex items-center gap-3 rounded-lg border bg-gradient-to-r from-sky-50 to-cyan-50 px-5 py-4 text-sky-700 dark:from-sky-950/40 dark:to-cyan-950/40 dark:text-sky-300"
  >
    <Truck className="size-10" strokeWidth={1.5} /> <Snowflake className="size-6" /> <Thermometer className="size-6" />
  </div>
);

const config: AreaPageConfig<ColdChainUnit> = {
  area: coldChainArea,
  client: areaClient<ColdChainUnit, ColdChainInput>(coldChainArea.key),
  title: 'Cold Chain Monitoring',
  addLabel: 'Add Unit',
  inertActions: ['Configure Alerts', 'View All Live Data', 'Export Reports'],
  activeActions: { 'Export Reports': reportAction('Export Reports', REPORT_BUTTONS.coldChainExport) },
  banner: Illustration,
  searchPlaceholder: 'Search units...',
  filters: [{ param: 'status', label: 'Status', allLabel: 'All', options: COLD_CHAIN_STATUSES }],
  columns: [
    { id: 'id', header: 'Unit ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(coldChainArea, 'name', { cell: ({ row }) => <span className="font-medium">{row.original.name}</span> }),
    column(coldChainArea, 'tripId', {
      cell: ({ row }) => <LinkedLabel label={row.original.tripLabel ?? row.original.tripId} keep="head" area="trips" id={row.original.tripId} />,
    }),
    { id: 'tempRange', header: 'Temp Range', cell: ({ row }) => `${formatNumber(row.original.minTemp)} – ${degrees(row.original.maxTemp)}` },
    column(coldChainArea, 'currentTemp', { header: 'Current Temp', cell: ({ row }) => <CurrentTemp unit={row.original} /> }),
    column(coldChainArea, 'currentHumidity', {
      header: 'Humidity',
      cell: ({ row }) => (row.original.currentHumidity === null ? NA : `${formatNumber(row.original.currentHumidity)}%`),
    }),
    column(coldChainArea, 'status', { cell: ({ row }) => <StatusBadge value={row.original.status} tones={STATUS_TONES} /> }),
  ],
  rowActions: (u) => <InertRowAction label={`View sensor data of ${u.id}`} icon={<Activity />} />,
  texts: { loading: 'Loading cold chain units...', empty: 'No Cold Chain Units Found', fetchError: 'Could not fetch cold chain units.' },
  form: {
    texts: { addTitle: 'Add New Unit', editTitle: 'Edit Unit', addButton: 'Add Unit', editButton: 'Save Changes' },
    fields: formFields(coldChainArea, { tripId: tripReference }),
  },
  toasts: {
    saved: (u, added) => ({ title: added ? 'Unit Added!' : 'Unit Updated!', description: `${u.name} (${u.id}) has been ${added ? 'added' : 'updated'}.` }),
    deleted: (u) => ({ title: 'Unit Deleted!', description: `${u.name} (${u.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (u) => `Are you sure you want to delete ${u.name} (${u.id})? This action cannot be undone.`,
    confirmLabel: 'Delete Unit',
  },
};

export function ColdChainPage() {
  return <AreaPage config={config} />;
}

/** The units list as record pages reuse it (a trip's Cold Chain tab). */
export { config as coldChainConfig };
