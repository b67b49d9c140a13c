import { partnerFuelStationsArea, STATION_STATUSES, type PartnerFuelStation, type PartnerFuelStationInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import type { AreaPageConfig } from '../../components/area/area-page';
import { IdCell, StatusBadge } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import { NA } from '../../lib/format';

const fields = formFields(partnerFuelStationsArea, {}).map((f) => (f.name === 'creditLimit' ? { ...f, step: 100, min: 0 } : f));

export const stationsSection: AreaPageConfig<PartnerFuelStation> = {
  area: partnerFuelStationsArea,
  client: areaClient<PartnerFuelStation, PartnerFuelStationInput>(partnerFuelStationsArea.key),
  title: 'Station Directory',
  addLabel: 'Add Station',
  searchPlaceholder: 'Search by name, address or contact person...',
  filters: [{ param: 'status', label: 'Status', allLabel: 'All Statuses', options: STATION_STATUSES }],
  columns: [
    { id: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(partnerFuelStationsArea, 'stationName', { header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.stationName}</span> }),
    column(partnerFuelStationsArea, 'address', { cell: ({ row }) => <span className="line-clamp-2 max-w-80">{row.original.address}</span> }),
    column(partnerFuelStationsArea, 'contactPerson', {
      header: 'Contact',
      cell: ({ row }) => (
        <span className="grid whitespace-nowrap">
          <span>{row.original.phone || NA}</span>
          {row.original.contactPerson && <span className="text-xs text-muted-foreground">{row.original.contactPerson}</span>}
        </span>
      ),
    }),
    column(partnerFuelStationsArea, 'status', { cell: ({ row }) => <StatusBadge value={row.original.status} tones={{ Active: 'green', Inactive: 'gray' }} /> }),
  ],
  texts: {
    loading: 'Loading stations...',
    empty: 'No stations found',
    emptyHint: "Click 'Add Station' to add your first partner fuel station.",
    fetchError: 'Could not fetch stations.',
    fetchErrorTitle: 'Error fetching stations',
  },
  form: {
    texts: { addTitle: 'Add New Station', editTitle: 'Edit Station', addButton: 'Add Station', editButton: 'Save Changes', saveFailedTitle: 'Save failed' },
    fields,
  },
  toasts: {
    saved: (s, added) => ({
      title: added ? 'Station Added!' : 'Station Updated!',
      description: `${s.stationName} (${s.id}) has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (s) => ({ title: 'Station Deleted', description: `${s.stationName} (${s.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (s) => `Are you sure you want to delete the station ${s.stationName} (${s.id})? This action cannot be undone.`,
    confirmLabel: 'Delete Station',
  },
};
