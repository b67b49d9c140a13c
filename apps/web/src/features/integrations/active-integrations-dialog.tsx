import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, KeyRound, Trash2 } from 'lucide-react';
import { ROLES, type ApiKey, type ApiKeyStatus, type Webhook } from '@raahi/domain';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useToast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { API_KEYS_KEY, useApiKeys, useWebhooks, WEBHOOKS_KEY } from './integrations-api';
import { SecretField, useFailureToast } from './integration-parts';

const STATUS_TONES: Record<ApiKeyStatus, BadgeTone> = { active: 'green', expired: 'yellow', revoked: 'gray' };
const STATUS_LABELS: Record<ApiKeyStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

type Confirming = { kind: 'revoke'; key: ApiKey } | { kind: 'delete'; webhook: Webhook };

/** View Active Integrations: every API key and webhook, each with its own actions. */
export function ActiveIntegrationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const keys = useApiKeys(open);
  const webhooks = useWebhooks(open);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!confirming) return;
    setBusy(true);
    try {
      if (confirming.kind === 'revoke') {
        await api(`/api/api-keys/${confirming.key.id}`, { method: 'DELETE' });
        toast({ title: 'API Key Revoked', description: `${confirming.key.name} is refused from its next request on.` });
        await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      } else {
        await api(`/api/webhooks/${confirming.webhook.id}`, { method: 'DELETE' });
        toast({ title: 'Webhook Deleted', description: `${confirming.webhook.url} receives no further deliveries.` });
        await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      }
      setConfirming(null);
    } catch (err) {
      failed(confirming.kind === 'revoke' ? 'API Key Not Revoked' : 'Webhook Not Deleted', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>Active Integrations</DialogTitle>
          <DialogDescription>The API keys other systems use, and the webhooks Raahi delivers to.</DialogDescription>
        </DialogHeader>
        <div className="grid max-h-[70vh] gap-6 overflow-y-auto">
          <section aria-labelledby="api-keys-title" className="grid gap-2">
            <h3 id="api-keys-title" className="text-sm font-semibold">
              API Keys
            </h3>
            <ListTable
              label="API keys"
              query={keys}
              empty="No API keys yet. Add one with Add New Integration."
              headers={['Name', 'Role', 'Key', 'Created By', 'Created', 'Expires', 'Last Used', 'Status', '']}
              rows={(keys.data?.rows ?? []).map((key) => ({
                id: key.id,
                cells: [
                  <span className="font-medium">{key.name}</span>,
                  ROLES[key.role],
                  <code className="font-mono text-xs">{key.prefix}_…</code>,
                  key.createdBy.name,
                  formatDateTime(key.createdAt),
                  key.expiresAt ? formatDateTime(key.expiresAt) : 'Never',
                  key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never',
                  <Badge tone={STATUS_TONES[key.status]}>{STATUS_LABELS[key.status]}</Badge>,
                  key.status === 'revoked' ? null : (
                    <Button variant="ghost" size="sm" aria-label={`Revoke ${key.name}`} onClick={() => setConfirming({ kind: 'revoke', key })}>
                      <Ban /> Revoke
                    </Button>
                  ),
                ],
              }))}
            />
          </section>
          <section aria-labelledby="webhooks-title" className="grid gap-2">
            <h3 id="webhooks-title" className="text-sm font-semibold">
              Webhooks
            </h3>
            <ListTable
              label="Webhooks"
              query={webhooks}
              empty="No webhooks yet. Add one with Add New Integration."
              headers={['URL', 'Events', 'Created By', 'Created', 'Secret Rotated', '']}
              rows={(webhooks.data?.rows ?? []).map((webhook) => ({
                id: webhook.id,
                cells: [
                  <span className="break-all font-medium">{webhook.url}</span>,
                  <span title={webhook.events.join(', ')}>{webhook.events.length}</span>,
                  webhook.createdBy.name,
                  formatDateTime(webhook.createdAt),
                  webhook.secretRotatedAt ? formatDateTime(webhook.secretRotatedAt) : 'Never',
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="sm" aria-label={`Rotate the secret of ${webhook.url}`} onClick={() => setRotating(webhook)}>
                      <KeyRound /> Rotate Secret
                    </Button>
                    <Button variant="ghost" size="sm" aria-label={`Delete ${webhook.url}`} onClick={() => setConfirming({ kind: 'delete', webhook })}>
                      <Trash2 /> Delete
                    </Button>
                  </div>,
                ],
              }))}
            />
          </section>
        </div>
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(next) => !next && setConfirming(null)}
          title={confirming?.kind === 'delete' ? 'Delete Webhook' : 'Revoke API Key'}
          description={
            confirming?.kind === 'delete'
              ? `${confirming.webhook.url} will receive no further deliveries, and its pending ones are dropped. This cannot be undone.`
              : confirming
                ? `${confirming.key.name} will be refused from its next request on. This cannot be undone: a system using it needs a new key.`
                : ''
          }
          confirmLabel={confirming?.kind === 'delete' ? 'Delete' : 'Revoke'}
          onConfirm={confirm}
          busy={busy}
        />
        <RotateSecretDialog webhook={rotating} onClose={() => setRotating(null)} />
      </DialogContent>
    </Dialog>
  );
}

/** A table of one kind of integration, with its loading, failed and empty states. */
function ListTable(props: {
  label: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; isFetching: boolean };
  empty: string;
  headers: string[];
  rows: { id: string; cells: ReactNode[] }[];
}) {
  const { label, query, empty, headers, rows } = props;
  const message = query.isPending ? 'Loading...' : query.isError ? (query.error?.message ?? 'Could not load.') : rows.length === 0 ? empty : null;
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label={label} aria-busy={query.isFetching}>
        <TableHeader>
          <TableRow>
            {headers.map((header, i) => (
              <TableHead key={i} className={i === headers.length - 1 ? 'text-right' : undefined}>
                {header || <span className="sr-only">Actions</span>}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {message ? (
            <TableRow>
              <TableCell colSpan={headers.length} className={query.isError ? 'text-center text-destructive' : 'text-center text-muted-foreground'}>
                {message}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                {row.cells.map((cell, i) => (
                  <TableCell key={i} className={i === row.cells.length - 1 ? 'text-right' : undefined}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** A new secret for a webhook: the old one keeps signing beside it for a day, so the receiver can switch. */
function RotateSecretDialog({ webhook, onClose }: { webhook: Webhook | null; onClose(): void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setSecret('');
    onClose();
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!webhook) return;
    if (!secret) return toast({ title: 'Secret Not Changed', description: 'Enter or generate the new secret.', variant: 'destructive' });
    setBusy(true);
    try {
      await api(`/api/webhooks/${webhook.id}/secret`, { method: 'POST', body: { secret } });
      toast({ title: 'Secret Rotated', description: 'Deliveries carry both signatures for 24 hours; give the new secret to the receiver.' });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      close();
    } catch (err) {
      failed('Secret Not Changed', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={webhook !== null} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rotate Secret</DialogTitle>
          <DialogDescription>{webhook ? `For ${webhook.url}. The old secret keeps signing beside the new one for 24 hours.` : ''}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <SecretField id="rotate-secret" label="New Secret" value={secret} onChange={setSecret} />
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Rotate Secret'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
