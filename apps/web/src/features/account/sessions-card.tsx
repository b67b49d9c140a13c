import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { SessionSummary } from '@raahi/domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

const SESSIONS_KEY = ['auth', 'sessions'];

/** The signed-in user's own sessions (browser, address, last seen), with "Sign out other sessions". */
export function SessionsCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api<{ sessions: SessionSummary[] }>('/api/auth/sessions') });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  async function signOutOthers() {
    setBusy(true);
    try {
      const answer = await api<{ title: string; message: string }>('/api/auth/sessions/sign-out-others', { method: 'POST' });
      toast({ title: answer.title, description: answer.message });
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (err) {
      toast({
        title: err instanceof ApiError ? err.title : 'Not Signed Out',
        description: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle id="sessions-title">Sessions</CardTitle>
          <CardDescription>Where you are signed in. Sign out any session you do not recognise.</CardDescription>
        </div>
        <Button variant="outline" disabled={others === 0 || busy} onClick={() => setConfirming(true)}>
          <LogOut /> Sign out other sessions
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : isError ? (
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            Your sessions could not be loaded.
            <Button variant="outline" size="sm" onClick={() => refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <ul className="grid gap-2" aria-label="Your sessions">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 rounded-md border bg-background/50 p-3 text-sm">
                <MonitorSmartphone aria-hidden className="size-5 text-muted-foreground" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium">
                    {session.device} {session.current && <Badge tone="green">This device</Badge>}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {session.address || 'Unknown address'} · Last seen {formatDateTime(session.lastSeenAt)} · Signed in {formatDateTime(session.createdAt)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign Out Other Sessions"
        description={`Your ${others === 1 ? 'other session' : `${others} other sessions`} will be signed out. This device stays signed in.`}
        confirmLabel="Sign Out"
        onConfirm={signOutOthers}
        busy={busy}
      />
    </Card>
  );
}
