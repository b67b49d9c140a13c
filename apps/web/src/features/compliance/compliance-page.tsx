import { lazy, Suspense, useState } from 'react';
import { FileText } from 'lucide-react';
import { DOCUMENT_TYPE_ENTITY, DOCUMENT_TYPES, complianceArea, type ComplianceDocument, type ComplianceInput, type DocumentType } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { column, derivedState, formFields } from '../../components/area/declared';
import { FileAction, IdCell } from '../../components/area/cells';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate, NA } from '../../lib/format';
import { driverReference, tripReference, vehicleReference } from '../references';

/** Expired: date in red, Expires Soon: date in yellow (within 30 days, today included), else the date in green. */
function ExpiryBadge({ document }: { document: ComplianceDocument }) {
  const state = derivedState(complianceArea, 'expiry', document);
  const date = formatDate(document.expiryDate);
  if (state === 'No Expiry') return <span>{NA}</span>;
  if (state === 'Expired') return <Badge tone="red">Expired: {date}</Badge>;
  if (state === 'Expires Soon') return <Badge tone="yellow">Expires Soon: {date}</Badge>;
  return <Badge tone="green">{date}</Badge>;
}

const config: AreaPageConfig<ComplianceDocument> = {
  area: complianceArea,
  client: areaClient<ComplianceDocument, ComplianceInput>(complianceArea.key),
  title: 'Compliance Management (Document Hub)',
  addLabel: 'Add Document',
  inertActions: ['Manage Expiry Alerts', 'Fetch e-Way Bills (API)'],
  searchPlaceholder: 'Search documents...',
  filters: [
    { param: 'documentType', label: 'Document type', allLabel: 'All Types', options: DOCUMENT_TYPES },
    {
      param: 'expiry',
      label: 'Expiry',
      allLabel: 'All Expiries',
      options: ['Expires Soon', 'Expired'],
      optionLabels: { 'Expires Soon': 'Expiring Soon (30d)' },
    },
  ],
  columns: [
    { id: 'id', header: 'Doc ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(complianceArea, 'documentName', { header: 'Name' }),
    column(complianceArea, 'documentType', { header: 'Type' }),
    column(complianceArea, 'entityId'),
    column(complianceArea, 'expiryDate', { header: 'Expiry Status', meta: { keepWhole: true }, cell: ({ row }) => <ExpiryBadge document={row.original} /> }),
    column(complianceArea, 'issuer'),
  ],
  rowActions: (d) => <FileAction fileId={d.documentFile} label={`Open the file of ${d.id}`} icon={<FileText />} />,
  texts: { loading: 'Loading documents...', empty: 'No Documents Found', fetchError: 'Could not fetch documents.' },
  form: {
    texts: { addTitle: 'Add New Document', editTitle: 'Edit Compliance Document', addButton: 'Add Document', editButton: 'Save Changes' },
    fields: formFields(complianceArea, {
      entityId: {
        choices: [
          { label: 'Vehicle', reference: vehicleReference },
          { label: 'Driver', reference: driverReference },
          { label: 'Trip', reference: tripReference },
        ],
        // A new document offers the kind its type belongs to (an e-Way Bill: a trip); Other starts with none.
        suggest: (values) => DOCUMENT_TYPE_ENTITY[values.documentType as DocumentType] ?? undefined,
      },
    }),
  },
  toasts: {
    saved: (d, added) =>
      added
        ? { title: 'Document Added!', description: `New document ${d.documentName} has been added.` }
        : { title: 'Document Updated!', description: `Document ${d.documentName} has been updated.` },
    deleted: (d) => ({ title: 'Document Deleted!', description: `Document "${d.documentName}" (ID: ${d.id}) removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (d) => `Are you sure you want to delete the document "${d.documentName}" (ID: ${d.id})? This action cannot be undone.`,
    confirmLabel: 'Delete Document',
  },
};

// Loaded when first opened (the first visit's budget is tight).
const ExpiryAlertsDialog = lazy(() => import('./expiry-alerts-dialog'));

export function CompliancePage() {
  const [alerts, setAlerts] = useState<'closed' | 'open' | 'loaded'>('closed');
  const activeActions = {
    'Manage Expiry Alerts': (
      <Button key="alerts" type="button" variant="outline" onClick={() => setAlerts('open')}>
        Manage Expiry Alerts
      </Button>
    ),
  };
  return (
    <>
      <AreaPage config={{ ...config, activeActions }} />
      {alerts !== 'closed' && (
        <Suspense fallback={null}>
          <ExpiryAlertsDialog open={alerts === 'open'} onOpenChange={(open) => setAlerts(open ? 'open' : 'loaded')} />
        </Suspense>
      )}
    </>
  );
}

/** The documents list as record pages reuse it (a vehicle's Documents tab). */
export { config as complianceConfig };
