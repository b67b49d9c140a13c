import { FileText } from 'lucide-react';
import { INSURANCE_STATUS_FILTER, INSURANCE_TYPES, insuranceArea, type InsuranceInput, type InsurancePolicy } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { column, derivedState, formFields } from '../../components/area/declared';
import { FileAction, LinkedLabel, StatusBadge } from '../../components/area/cells';
import type { BadgeTone } from '../../components/ui/badge';
import { formatDate, NA } from '../../lib/format';
import { tripReference } from '../references';

const STATUS_TONES: Record<string, BadgeTone> = { Expired: 'red', Active: 'green', Pending: 'yellow', 'Claim Filed': 'blue', Cancelled: 'gray' };
const NO_MATCH = 'No policies match your current search or filter criteria.';

const validity = (p: InsurancePolicy) => (p.startDate || p.endDate ? `${formatDate(p.startDate)} - ${formatDate(p.endDate)}` : NA);

const config: AreaPageConfig<InsurancePolicy> = {
  area: insuranceArea,
  client: areaClient<InsurancePolicy, InsuranceInput>(insuranceArea.key),
  title: 'Trip Insurance Management',
  addLabel: 'Add Insurance Policy',
  cardTitle: 'Insurance Log',
  searchPlaceholder: 'Search Trip ID, Policy #, Provider...',
  filters: [
    // The displayed status: Expired once the end date has passed (filtered the same way on the server).
    { param: 'status', label: 'Status', allLabel: 'All Statuses', options: INSURANCE_STATUS_FILTER },
    { param: 'insuranceType', label: 'Type', allLabel: 'All Types', options: INSURANCE_TYPES },
  ],
  columns: [
    {
      id: 'trip',
      header: 'Trip',
      cell: ({ row }) => (
        <LinkedLabel label={row.original.tripLabel ?? row.original.tripId} keep="head" className="font-medium" area="trips" id={row.original.tripId} />
      ),
    },
    column(insuranceArea, 'policyNumber', { header: 'Policy #' }),
    column(insuranceArea, 'insuranceType', { header: 'Type' }),
    column(insuranceArea, 'providerName', { header: 'Provider' }),
    // Sorted by its end date, the policy's expiry (the column's id is the sort the server knows).
    { id: 'endDate', header: 'Validity', meta: { keepWhole: true }, cell: ({ row }) => validity(row.original) },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge value={derivedState(insuranceArea, 'status', row.original)} tones={STATUS_TONES} /> },
    column(insuranceArea, 'claimId'),
  ],
  rowActions: (p) => <FileAction fileId={p.documentFile} label={`View document of ${p.id}`} icon={<FileText />} />,
  texts: {
    loading: 'Loading policies...',
    empty: 'No Insurance Policies Found',
    emptyHint: NO_MATCH,
    emptyFilteredHint: NO_MATCH,
    fetchError: 'Could not fetch insurance policies.',
  },
  form: {
    texts: { addTitle: 'Add Insurance Policy', editTitle: 'Edit Insurance Policy', addButton: 'Add Policy', editButton: 'Save Changes' },
    fields: formFields(insuranceArea, { tripId: tripReference }),
  },
  toasts: {
    saved: (p, added) => ({
      title: added ? 'Policy Added!' : 'Policy Updated!',
      description: `Policy ${p.policyNumber} (${p.id}) has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (p) => ({ title: 'Policy Deleted.', description: `Policy ${p.policyNumber} (${p.id}) has been deleted.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: () => 'Are you sure you want to delete this insurance policy? This action cannot be undone.',
    confirmLabel: 'Delete Policy',
  },
};

export function TripInsurancePage() {
  return <AreaPage config={config} />;
}

/** The policies list as record pages reuse it (a trip's Insurance tab). */
export { config as tripInsuranceConfig };
