import { Link } from 'react-router';
import { screenPathOf } from '@raahi/domain';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { LinkedLabel, StatusBadge } from '../../components/area/cells';
import { PagedListDialog, type PagedColumn } from '../../components/paged-list-dialog';
import { formatDateTime, formatNumber, NA } from '../../lib/format';

/** GET /api/incidents/pending-actions. */
interface PendingIncident {
  id: string;
  type: string;
  severity: string;
  dateTime: string | null;
  location: string;
  status: string;
  vehicleId: string | null;
  vehicleLabel: string | null;
  ageDays: number | null;
}

const SEVERITY_TONES: Record<string, BadgeTone> = { Low: 'green', Medium: 'yellow', High: 'orange', Critical: 'red' };
const STATUS_TONES: Record<string, BadgeTone> = { Open: 'red', Investigating: 'yellow', 'Action Pending': 'orange' };
/** A week old: yellow; a month: red. */
const ageTone = (days: number): BadgeTone => (days >= 30 ? 'red' : days >= 7 ? 'yellow' : 'gray');

/** Track Pending Actions: incidents neither Resolved nor Closed, oldest first, with their age in days. */
export default function PendingActionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const columns: PagedColumn<PendingIncident>[] = [
    {
      header: 'ID',
      cell: (row) => (
        <Link
          to={`${screenPathOf('incidents')}?edit=${encodeURIComponent(row.id)}`}
          className="font-mono text-xs text-primary hover:underline"
          onClick={() => onOpenChange(false)}
        >
          {row.id}
        </Link>
      ),
    },
    { header: 'Type', cell: (row) => row.type },
    { header: 'Severity', cell: (row) => <StatusBadge value={row.severity} tones={SEVERITY_TONES} /> },
    { header: 'Date/Time', cell: (row) => formatDateTime(row.dateTime), className: 'whitespace-nowrap' },
    { header: 'Location', cell: (row) => row.location },
    // 'plate (make model)', linking to the vehicle's page where the role may view vehicles.
    { header: 'Vehicle', cell: (row) => <LinkedLabel label={row.vehicleLabel} keep="head" area="vehicles" id={row.vehicleId} /> },
    { header: 'Status', cell: (row) => <StatusBadge value={row.status} tones={STATUS_TONES} /> },
    {
      header: 'Age',
      cell: (row) =>
        row.ageDays === null ? NA : <Badge tone={ageTone(row.ageDays)}>{row.ageDays === 1 ? '1 day' : `${formatNumber(row.ageDays)} days`}</Badge>,
      className: 'whitespace-nowrap text-right',
    },
  ];
  return (
    <PagedListDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Track Pending Actions"
      description="Incidents neither Resolved nor Closed, oldest first, with their age in days."
      path="/api/incidents/pending-actions"
      columns={columns}
      empty="No pending incidents: every incident is Resolved or Closed."
    />
  );
}
