import { LEAD_STATUSES, leadsArea, type Lead, type LeadInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import type { AreaPageConfig } from '../../components/area/area-page';
import { IdCell } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import type { ReferenceSpec } from '../../components/area/reference-picker';
import { NA } from '../../lib/format';
import { SalesStatusBadge } from './sales-status';

/** Leads as a quotation's pick-list offers them: by company, newest first. */
export const leadReference: ReferenceSpec = {
  area: leadsArea.key,
  fetchError: 'Could not fetch leads.',
};

export const leadsConfig: AreaPageConfig<Lead> = {
  area: leadsArea,
  client: areaClient<Lead, LeadInput>(leadsArea.key),
  title: 'Lead Management',
  addLabel: 'Add Lead',
  searchPlaceholder: 'Search by company or contact person...',
  filters: [
    { param: 'status', label: 'Status', allLabel: 'All Statuses', options: LEAD_STATUSES },
    { param: 'assignedTo', label: 'Assigned To', allLabel: 'All Assignees', options: 'present' },
  ],
  columns: [
    { id: 'id', header: 'Lead ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(leadsArea, 'companyName', { header: 'Company', cell: ({ row }) => <span className="font-medium">{row.original.companyName}</span> }),
    column(leadsArea, 'contactPerson', {
      header: 'Contact',
      cell: ({ row }) => (
        <span className="grid min-w-0 max-w-64">
          <span className="truncate">{row.original.contactPerson}</span>
          <span className="truncate text-xs text-muted-foreground" title={row.original.contactInfo}>
            {row.original.contactInfo}
          </span>
        </span>
      ),
    }),
    column(leadsArea, 'assignedTo', { cell: ({ row }) => row.original.assignedTo || NA }),
    column(leadsArea, 'status', { cell: ({ row }) => <SalesStatusBadge value={row.original.status} /> }),
  ],
  texts: { loading: 'Loading leads...', empty: 'No leads found', fetchError: 'Could not fetch leads.' },
  form: { texts: { addTitle: 'Add New Lead', editTitle: 'Edit Lead', addButton: 'Save Lead', editButton: 'Save Changes' }, fields: formFields(leadsArea, {}) },
  toasts: {
    saved: (lead, added) => ({
      title: added ? 'Lead Created!' : 'Lead Updated!',
      description: `${lead.companyName} (${lead.id}) has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (lead) => ({ title: 'Lead Deleted', description: `${lead.companyName} (${lead.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (lead) => `Are you sure you want to delete the lead ${lead.id} (${lead.companyName})? This action cannot be undone.`,
    confirmLabel: 'Delete Lead',
  },
};
