import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, Save } from 'lucide-react';
import type { ReminderKind } from '@raahi/domain';
import { useBlocker } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';

/** GET/PUT /api/notification-preferences. */
export interface NotificationPreferencesAnswer {
  kinds: { kind: ReminderKind; label: string }[];
  mutedKinds: ReminderKind[];
  dailyDigest: boolean;
  emailConfigured: boolean;
  hasEmail: boolean;
  digestUnavailable: string | null;
}

const QUERY_KEY = ['notification-preferences'];
const NOT_SAVED = 'Notification Settings Not Saved';

/** Settings → Notifications: the kinds the user receives, and the daily e-mail digest. */
export function NotificationsSection() {
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: () => api<NotificationPreferencesAnswer>('/api/notification-preferences') });
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading notification settings...</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load notification settings: {query.error.message}
      </p>
    );
  // The form keeps what the user ticks while it is open; a refetch in the background never overwrites it.
  return <PreferencesForm saved={query.data} />;
}

function PreferencesForm({ saved }: { saved: NotificationPreferencesAnswer }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [muted, setMuted] = useState<ReadonlySet<ReminderKind>>(() => new Set(saved.mutedKinds));
  const [digest, setDigest] = useState(saved.dailyDigest);
  const [busy, setBusy] = useState(false);
  const changed = digest !== saved.dailyDigest || muted.size !== saved.mutedKinds.length || saved.mutedKinds.some((k) => !muted.has(k));
  // A digest already on stays as it is when it cannot be sent (no SMTP, no address): the user may turn it off.
  const digestLocked = saved.digestUnavailable !== null && !saved.dailyDigest;

  const toggle = (kind: ReminderKind, on: boolean) =>
    setMuted((before) => {
      const next = new Set(before);
      if (on) next.delete(kind);
      else next.add(kind);
      return next;
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const mutedKinds = saved.kinds.map((k) => k.kind).filter((kind) => muted.has(kind));
      const answer = await api<NotificationPreferencesAnswer>('/api/notification-preferences', { method: 'PUT', body: { mutedKinds, dailyDigest: digest } });
      queryClient.setQueryData(QUERY_KEY, answer);
      const receiving = answer.kinds.length - answer.mutedKinds.length;
      toast({
        title: 'Notification Settings Saved',
        description: `You receive ${receiving} of ${answer.kinds.length} kinds of notifications${answer.dailyDigest ? ', and a daily e-mail digest at 07:00' : ''}.`,
      });
    } catch (err) {
      // Everything ticked stays as it was, to try again.
      const known = err instanceof ApiError;
      toast({ title: known ? err.title : NOT_SAVED, description: known ? err.message : 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="Notification settings">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">In-app notifications</legend>
        {saved.kinds.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your role receives no reminders.</p>
        ) : (
          saved.kinds.map(({ kind, label }) => (
            <label key={kind} className="flex items-center gap-3 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={!muted.has(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
              {label}
            </label>
          ))
        )}
      </fieldset>
      <div className="grid gap-1 border-t pt-4">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={digest}
            disabled={digestLocked}
            onChange={(e) => setDigest(e.target.checked)}
            aria-describedby="digest-hint"
          />
          <Mail className="size-4 text-muted-foreground" aria-hidden />
          Daily e-mail digest
        </label>
        <p id="digest-hint" className="pl-7 text-xs text-muted-foreground">
          {saved.digestUnavailable ?? 'At 07:00 each day, one e-mail listing your unread notifications since the last one (none when there is nothing new).'}
        </p>
      </div>
      {changed && <UnsavedGuard />}
      <div>
        <Button type="submit" disabled={busy || !changed}>
          <Save /> {busy ? 'Saving...' : 'Save Notification Settings'}
        </Button>
      </div>
    </form>
  );
}

/** While settings are unsaved: leaving the page (a link, Back) asks first, and so does closing or reloading the tab. */
function UnsavedGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Discard Changes?"
      description="You have unsaved notification settings. If you leave now, they will be lost."
      cancelLabel="Keep Editing"
      confirmLabel="Discard"
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}
