import type { DeliveryStatus, WebhookDelivery } from '@raahi/domain';
import { PagedListDialog, type PagedColumn } from '../../components/paged-list-dialog';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { formatDateTime, formatNumber } from '../../lib/format';

const STATUS_TONES: Record<DeliveryStatus, BadgeTone> = { pending: 'yellow', delivered: 'green', failed: 'red' };

/** A delivery's state in words: a pending one that has been tried is retrying. */
const statusLabel = (delivery: WebhookDelivery) =>
  delivery.status === 'delivered' ? 'Delivered' : delivery.status === 'failed' ? 'Failed' : delivery.attempts > 0 ? 'Retrying' : 'Pending';

/** The receiver's answer, or why there was none, as plain text (React writes it as text: never HTML). */
function Answer({ delivery }: { delivery: WebhookDelivery }) {
  const text = [delivery.error, delivery.response].filter(Boolean).join('\n');
  if (!text) return <span className="text-muted-foreground">None</span>;
  return <pre className="max-h-32 max-w-md overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">{text}</pre>;
}

const when: PagedColumn<WebhookDelivery> = { header: 'When', cell: (d) => formatDateTime(d.lastAttemptAt ?? d.occurredAt), className: 'whitespace-nowrap' };
const event: PagedColumn<WebhookDelivery> = { header: 'Event', cell: (d) => <code className="font-mono text-xs">{d.event}</code> };
const url: PagedColumn<WebhookDelivery> = { header: 'URL', cell: (d) => <span className="break-all">{d.url}</span> };
const statusCode: PagedColumn<WebhookDelivery> = { header: 'Status Code', cell: (d) => (d.statusCode === null ? 'None' : String(d.statusCode)) };
const attempts: PagedColumn<WebhookDelivery> = { header: 'Attempts', cell: (d) => formatNumber(d.attempts) };
const status: PagedColumn<WebhookDelivery> = {
  header: 'Status',
  cell: (d) => <Badge tone={d.status === 'pending' && d.attempts > 0 ? 'orange' : STATUS_TONES[d.status]}>{statusLabel(d)}</Badge>,
};

const SYNC_COLUMNS: PagedColumn<WebhookDelivery>[] = [
  when,
  event,
  url,
  statusCode,
  { header: 'Time Taken', cell: (d) => (d.durationMs === null ? 'None' : `${formatNumber(d.durationMs)} ms`), className: 'whitespace-nowrap' },
  attempts,
  status,
  {
    header: 'Next Attempt',
    cell: (d) => (d.status === 'pending' && d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : 'None'),
    className: 'whitespace-nowrap',
  },
];
const ERROR_COLUMNS: PagedColumn<WebhookDelivery>[] = [
  when,
  event,
  url,
  statusCode,
  attempts,
  { header: 'Receiver’s Answer', cell: (d) => <Answer delivery={d} /> },
];

/** Monitor Sync Status (every delivery, newest first) or View Error Logs (the failed ones, with the receiver's answer). */
export function DeliveriesDialog({ view, open, onOpenChange }: { view: 'sync' | 'errors'; open: boolean; onOpenChange(open: boolean): void }) {
  return view === 'sync' ? (
    <PagedListDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sync Status"
      description="Each webhook delivery: a failed answer is retried with growing waits (for 24 hours by default), then marked failed."
      path="/api/webhooks/deliveries"
      columns={SYNC_COLUMNS}
      empty="No deliveries yet. Add a webhook, then change a record of an event it receives."
    />
  ) : (
    <PagedListDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Error Logs"
      description="Deliveries that failed after their retries (a day by default), with the receiver’s last answer (its first 1 KB, as text) or why none came."
      path="/api/webhooks/deliveries"
      params={{ status: 'failed' }}
      columns={ERROR_COLUMNS}
      empty="No failed deliveries."
    />
  );
}
