import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Copy, KeyRound, Webhook as WebhookIcon } from 'lucide-react';
import { API_KEY_ROLES, ROLES, type ApiKeyCreated, type ApiKeyRole, type Webhook } from '@raahi/domain';
import { LabelledInput } from '../../components/labelled-input';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { parseTypedDate } from '../../lib/date-entry';
import { API_KEYS_KEY, endOfDay, EVENT_GROUPS, WEBHOOKS_KEY } from './integrations-api';
import { SecretField, useCopy, useFailureToast } from './integration-parts';

const ROLE_OPTIONS = API_KEY_ROLES.map((value) => ({ value, label: ROLES[value] }));

/** Add New Integration: an API key (shown once when made) or a webhook. */
export function AddIntegrationDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [kind, setKind] = useState<'api-key' | 'webhook'>('api-key');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const close = () => {
    onOpenChange(false);
    setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-3xl">
        {created ? (
          <CreatedKey created={created} onDone={close} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Add New Integration</DialogTitle>
              <DialogDescription>
                An API key lets another system read and write records with a role’s rights. A webhook tells another system of each change as it happens.
              </DialogDescription>
            </DialogHeader>
            <Tabs value={kind} onValueChange={(value) => setKind(value as typeof kind)} className="grid gap-4">
              <TabsList aria-label="Kind of integration">
                <TabsTrigger value="api-key" className="inline-flex items-center gap-2">
                  <KeyRound className="size-4" aria-hidden /> API Key
                </TabsTrigger>
                <TabsTrigger value="webhook" className="inline-flex items-center gap-2">
                  <WebhookIcon className="size-4" aria-hidden /> Webhook
                </TabsTrigger>
              </TabsList>
              <TabsContent value="api-key">
                <ApiKeyForm onCancel={close} onCreated={setCreated} />
              </TabsContent>
              <TabsContent value="webhook">
                <WebhookForm onCancel={close} onAdded={close} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ApiKeyForm({ onCancel, onCreated }: { onCancel(): void; onCreated(created: ApiKeyCreated): void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('viewer');
  const [expires, setExpires] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return toast({ title: 'API Key Not Created', description: 'Name is required.', variant: 'destructive' });
    const day = expires.trim() ? parseTypedDate(expires) : null;
    if (expires.trim() && !day)
      return toast({
        title: 'API Key Not Created',
        description: 'Expires on must be a date such as 31/03/2027, or blank for a key that does not expire.',
        variant: 'destructive',
      });
    setBusy(true);
    try {
      const created = await api<ApiKeyCreated>('/api/api-keys', { method: 'POST', body: { name: name.trim(), role, expiresAt: day ? endOfDay(day) : null } });
      toast({ title: 'API Key Created', description: `${created.apiKey.name} can be used at once. Copy the key now: it is not shown again.` });
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      onCreated(created);
    } catch (err) {
      failed('API Key Not Created', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="New API key">
      <LabelledInput
        id="api-key-name"
        label="Name"
        autoComplete="off"
        maxLength={100}
        placeholder="e.g. Tally sync"
        hint="Who or what uses the key, to know it again in the list."
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="grid gap-2">
        <Label htmlFor="api-key-role">Role</Label>
        <Select
          id="api-key-role"
          value={role}
          onValueChange={(value) => setRole(value as ApiKeyRole)}
          options={ROLE_OPTIONS}
          aria-describedby="api-key-role-hint"
        />
        <p id="api-key-role-hint" className="text-xs text-muted-foreground">
          The key may do what this role may. A key is never an Administrator: it cannot reach users, keys, webhooks or the Activity Log.
        </p>
      </div>
      <LabelledInput
        id="api-key-expires"
        label="Expires on"
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        placeholder="DD/MM/YYYY"
        hint="Optional: the key stops at the end of this day. Blank: it works until revoked."
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
      />
      <DialogFooter className="pt-2">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create API Key'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The key, this once: with a copy button and a plain warning that it cannot be shown again. */
function CreatedKey({ created, onDone }: { created: ApiKeyCreated; onDone(): void }) {
  const copy = useCopy();
  return (
    <>
      <DialogHeader>
        <DialogTitle>API Key Created</DialogTitle>
        <DialogDescription>
          {created.apiKey.name} acts as {ROLES[created.apiKey.role]}. Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>.
        </DialogDescription>
      </DialogHeader>
      <div
        role="alert"
        className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        Copy the key now and keep it somewhere safe. It will not be shown again: Raahi keeps only a fingerprint of it. If it is lost, revoke it and make a new
        one.
      </div>
      <div className="flex items-center gap-2">
        <Input readOnly aria-label="API key" className="font-mono text-xs" value={created.key} onFocus={(e) => e.target.select()} />
        <Button variant="outline" onClick={() => copy(created.key, 'API key')}>
          <Copy /> Copy
        </Button>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}

function WebhookForm({ onCancel, onAdded }: { onCancel(): void; onAdded(): void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const toggle = (values: string[], on: boolean) =>
    setEvents((current) => {
      const next = new Set(current);
      for (const value of values)
        if (on) next.add(value);
        else next.delete(value);
      return next;
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing = [!url.trim() && 'URL', !secret && 'Secret', events.size === 0 && 'at least one event'].filter(Boolean);
    if (missing.length) return toast({ title: 'Webhook Not Added', description: `Enter ${missing.join(', ')}.`, variant: 'destructive' });
    setBusy(true);
    try {
      const webhook = await api<Webhook>('/api/webhooks', { method: 'POST', body: { url: url.trim(), secret, events: [...events] } });
      toast({
        title: 'Webhook Added',
        description: `${webhook.url} receives ${webhook.events.length} ${webhook.events.length === 1 ? 'event' : 'events'} from now on.`,
      });
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      onAdded();
    } catch (err) {
      failed('Webhook Not Added', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="New webhook">
      <LabelledInput
        id="webhook-url"
        label="URL"
        type="url"
        autoComplete="off"
        maxLength={2000}
        placeholder="https://erp.example.in/raahi/webhook"
        hint="Deliveries are POSTed here as JSON (http or https; redirects are not followed)."
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <SecretField
        id="webhook-secret"
        label="Secret"
        value={secret}
        onChange={setSecret}
        hint="16 to 200 characters. Each delivery is signed with it (Raahi-Signature header); give it to the receiver now, as it is not shown again."
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Events ({events.size} chosen)</legend>
        <div className="grid max-h-[40vh] gap-2 overflow-y-auto rounded-md border p-3 sm:grid-cols-2">
          {EVENT_GROUPS.map((group) => {
            const values = group.events.map((e) => e.value);
            const chosen = values.filter((value) => events.has(value)).length;
            return (
              <fieldset key={group.key} className="grid gap-1.5 rounded-md border p-2.5">
                <legend className="sr-only">{group.label}</legend>
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`All ${group.label} events`}
                    checked={chosen === values.length}
                    ref={(input) => {
                      if (input) input.indeterminate = chosen > 0 && chosen < values.length;
                    }}
                    onChange={(e) => toggle(values, e.target.checked)}
                  />
                  {group.label}
                </label>
                <div className="flex flex-wrap gap-x-4 gap-y-1 pl-6">
                  {group.events.map((e) => (
                    <label key={e.value} className="flex items-center gap-1.5 text-sm text-muted-foreground">
                      <input
                        type="checkbox"
                        className="size-4"
                        aria-label={e.value}
                        checked={events.has(e.value)}
                        onChange={(change) => toggle([e.value], change.target.checked)}
                      />
                      {e.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
        </div>
      </fieldset>
      <DialogFooter className="pt-2">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding...' : 'Add Webhook'}
        </Button>
      </DialogFooter>
    </form>
  );
}
