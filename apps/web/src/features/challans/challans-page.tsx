import { CircleCheck, FileText, IndianRupee } from 'lucide-react';
import { CHALLAN_STATUSES, challansArea, type Challan, type ChallanInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { FileAction, IdCell, RecordLink, VehiclePlateCell } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { formatRupees, NA } from '../../lib/format';
import { driverReference, tripAtPrefill, tripReference, vehicleReference } from '../references';

/** Spec 002 §4: Pending Payment yellow, Paid green with a check icon, Disputed orange, Overdue red, Cancelled grey. */
const STATUS_TONES: Record<string, BadgeTone> = { 'Pending Payment': 'yellow', Paid: 'green', Disputed: 'orange', Overdue: 'red', Cancelled: 'gray' };
function ChallanStatus({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'gray'} className="gap-1">
      {status === 'Paid' && <CircleCheck className="size-3.5" aria-hidden />}
      {status}
    </Badge>
  );
}

/** The vehicle by its plate (a challan is issued to a registration number), the full label on hover. */
const plate = (c: Challan) => c.vehiclePlate ?? c.vehicleId;

const config: AreaPageConfig<Challan> = {
  area: challansArea,
  client: areaClient<Challan, ChallanInput>(challansArea.key),
  title: 'Challan Tracking',
  subtitle: 'Record traffic fines against vehicles and drivers and follow their payment.',
  addLabel: 'Add Challan',
  searchPlaceholder: 'Search ID, vehicle, driver, offense',
  filters: [
    { param: 'status', label: 'Status', allLabel: 'All Statuses', options: CHALLAN_STATUSES },
    // The offense types offered are those present in the data (spec 002 §2.3).
    { param: 'offenseType', label: 'Offense Type', allLabel: 'All Offense Types', options: 'present' },
  ],
  columns: [
    { id: 'id', header: 'Challan ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(challansArea, 'date'),
    column(challansArea, 'vehicleId', { header: 'Vehicle', meta: { keepWhole: true }, cell: ({ row }) => <VehiclePlateCell record={row.original} /> }),
    column(challansArea, 'driverId', {
      header: 'Driver',
      cell: ({ row }) => (
        <span title={row.original.driverLabel ?? undefined}>
          {row.original.driverName ? (
            <RecordLink area="drivers" id={row.original.driverId}>
              {row.original.driverName}
            </RecordLink>
          ) : (
            NA
          )}
        </span>
      ),
    }),
    column(challansArea, 'offenseType', { meta: { keepWhole: true } }),
    column(challansArea, 'amount', {
      // The rupee sign as an icon where the earlier product drew a dollar; read as 'Amount (₹)'.
      header: () => (
        <span className="inline-flex items-center">
          Amount (<IndianRupee className="size-3" aria-hidden />
          <span className="sr-only">₹</span>)
        </span>
      ),
      meta: { keepWhole: true },
      cell: ({ row }) => <span className="font-medium">{formatRupees(row.original.amount)}</span>,
    }),
    column(challansArea, 'status', { meta: { keepWhole: true }, cell: ({ row }) => <ChallanStatus status={row.original.status} /> }),
  ],
  rowActions: (c) => <FileAction fileId={c.scannedCopy} label={`View scanned copy of ${c.id}`} icon={<FileText />} />,
  texts: {
    loading: 'Loading challans...',
    empty: 'No Challans Found',
    emptyHint: 'Add a challan to start tracking traffic fines.',
    fetchError: 'Could not fetch challans.',
  },
  form: {
    texts: { addTitle: 'Add New Challan', editTitle: 'Edit Challan', addButton: 'Add Challan', editButton: 'Save Changes' },
    // The challan's Trip: the vehicle's trip on its date, until the user picks another (issue 19).
    fields: formFields(challansArea, { vehicleId: vehicleReference, driverId: driverReference, tripId: tripReference }).map((f) =>
      f.name === 'tripId' ? { ...f, prefill: tripAtPrefill('date') } : f,
    ),
  },
  toasts: {
    saved: (c, added) => ({
      title: added ? 'Challan Added!' : 'Challan Updated!',
      description: `Challan ${c.id} (${c.offenseType}, ${formatRupees(c.amount)}) for ${plate(c)} has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (c) => ({ title: 'Challan Deleted', description: `Challan ${c.id} (${c.offenseType}, ${plate(c)}) has been deleted.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (c) =>
      `Are you sure you want to delete challan ${c.id} (${c.offenseType}, ${formatRupees(c.amount)}, ${plate(c)})? This action cannot be undone.`,
    confirmLabel: 'Delete Challan',
  },
};

export function ChallansPage() {
  return <AreaPage config={config} />;
}

/** The challans list as record pages reuse it (a vehicle's Challans tab). */
export { config as challansConfig };
