import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, Pencil, Power, PowerOff, Search, UserPlus } from 'lucide-react';
import { ROLE_KEYS, roleLabel, ROLES, type ApiKeyName, type Role, type UserSummary } from '@raahi/domain';
import { useAuth } from '../../app/auth';
import { LabelledInput } from '../../components/labelled-input';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useToast } from '../../components/ui/toast';
import { api, ApiError, queryString } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { revokedKeysText } from './revoked-keys';

const USERS_KEY = 'users';
const ROLE_OPTIONS = ROLE_KEYS.map((value) => ({ value, label: ROLES[value] }));

type Editing = { mode: 'add' } | { mode: 'edit'; user: UserSummary };
type Confirming = { action: 'deactivate' | 'activate' | 'reset-password'; user: UserSummary };
/** A password shown once: after adding a user without one, or after a reset. */
type OneTime = { user: UserSummary; password: string };

/** Settings → Users (administrators only): the list, add, edit, deactivate or activate, reset password. */
export function UsersSection() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const { data, isPending, isFetching, isError, refetch } = useQuery({
    queryKey: [USERS_KEY, debounced],
    queryFn: () => api<{ items: UserSummary[]; total: number }>(`/api/users${queryString({ search: debounced, pageSize: 200 })}`),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [oneTime, setOneTime] = useState<OneTime | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
  const failed = (fallback: string, err: unknown) =>
    toast({
      title: err instanceof ApiError ? err.title : fallback,
      description: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.',
      variant: 'destructive',
    });

  async function confirm() {
    if (!confirming) return;
    const { action, user } = confirming;
    setBusy(true);
    try {
      const answer = await api<{ user: UserSummary; password?: string }>(`/api/users/${user.id}/${action}`, { method: 'POST' });
      setConfirming(null);
      if (action === 'reset-password') {
        setOneTime({ user: answer.user, password: answer.password! });
        toast({ title: 'Password Reset', description: `${user.name} has been signed out and must choose a new password at the next sign-in.` });
      } else if (action === 'deactivate') {
        toast({ title: 'User Deactivated', description: `${user.name} has been signed out everywhere and can no longer sign in.` });
      } else {
        toast({ title: 'User Activated', description: `${user.name} can sign in again.` });
      }
      await refresh();
    } catch (err) {
      failed(action === 'reset-password' ? 'Password Not Reset' : action === 'deactivate' ? 'Not Deactivated' : 'Not Activated', err);
    } finally {
      setBusy(false);
    }
  }

  const users = data?.items ?? [];
  return (
    <section aria-labelledby="users-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h4 id="users-title" className="text-sm font-semibold">
            Users
          </h4>
          <p className="text-xs text-muted-foreground">Who can sign in, and with which role.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative">
            <Search aria-hidden className="absolute left-2.5 top-2.5 size-4 text-muted-foreground" />
            <Input
              className="w-56 pl-8"
              placeholder="Search users..."
              aria-label="Search users"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={100}
            />
          </div>
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <UserPlus /> Add User
          </Button>
        </div>
      </div>
      {isError && !data ? (
        <div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          The users could not be loaded.
          <Button variant="outline" size="sm" onClick={() => refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <Table aria-label="Users" aria-busy={isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>User Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Phone</TableHead>
              <TableHead>Last Sign-in</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {isPending ? (
              <TableRow>
                <TableCell colSpan={8} className="text-center text-muted-foreground">
                  Loading...
                </TableCell>
              </TableRow>
            ) : users.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8} className="text-center text-muted-foreground">
                  No Users Found
                </TableCell>
              </TableRow>
            ) : (
              users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell className="font-medium">{user.name}</TableCell>
                  <TableCell>{user.username}</TableCell>
                  <TableCell>
                    <Badge tone={user.role === 'administrator' ? 'purple' : 'blue'}>{roleLabel(user.role)}</Badge>
                  </TableCell>
                  <TableCell className="break-all">{user.email || 'N/A'}</TableCell>
                  <TableCell>{user.phone || 'N/A'}</TableCell>
                  <TableCell>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}</TableCell>
                  <TableCell>
                    <Badge tone={user.active ? 'green' : 'gray'}>{user.active ? 'Active' : 'Inactive'}</Badge>
                    {user.mustChangePassword && user.active && <span className="ml-1 text-xs text-muted-foreground">(password to change)</span>}
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Edit ${user.username}`}
                        title="Edit"
                        onClick={() => setEditing({ mode: 'edit', user })}
                      >
                        <Pencil />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Reset password of ${user.username}`}
                        title="Reset Password"
                        onClick={() => setConfirming({ action: 'reset-password', user })}
                      >
                        <KeyRound />
                      </Button>
                      {user.active ? (
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Deactivate ${user.username}`}
                          title="Deactivate"
                          onClick={() => setConfirming({ action: 'deactivate', user })}
                        >
                          <PowerOff />
                        </Button>
                      ) : (
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Activate ${user.username}`}
                          title="Activate"
                          onClick={() => setConfirming({ action: 'activate', user })}
                        >
                          <Power />
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <UserFormDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(answer) => {
          setEditing(null);
          if (answer.password) setOneTime({ user: answer.user, password: answer.password });
          // An administrator who edited their own name or contact sees it at once in My Account and the top bar.
          if (answer.user.id === me?.id) void queryClient.invalidateQueries({ queryKey: ['session'] });
          void refresh();
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? CONFIRM[confirming.action].title : ''}
        description={confirming ? CONFIRM[confirming.action].description(confirming.user.name) : ''}
        confirmLabel={confirming ? CONFIRM[confirming.action].label : undefined}
        onConfirm={confirm}
        busy={busy}
      />
      <OneTimePasswordDialog oneTime={oneTime} onClose={() => setOneTime(null)} />
    </section>
  );
}

const CONFIRM = {
  deactivate: {
    title: 'Deactivate User',
    label: 'Deactivate',
    description: (name: string) => `${name} will be signed out everywhere and cannot sign in until activated again.`,
  },
  activate: { title: 'Activate User', label: 'Activate', description: (name: string) => `${name} will be able to sign in again.` },
  'reset-password': {
    title: 'Reset Password',
    label: 'Reset Password',
    description: (name: string) => `${name} will be signed out everywhere and given a one-time password, to be changed at the next sign-in.`,
  },
} as const;

interface UserValues {
  username: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  password: string;
}

function UserFormDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  onClose(): void;
  onSaved(answer: { user: UserSummary; password?: string }): void;
}) {
  const adding = editing?.mode === 'add';
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{adding ? 'Add User' : 'Edit User'}</DialogTitle>
          <DialogDescription>
            {adding
              ? 'Leave the password blank to generate a one-time password. Either way, the user chooses their own at the first sign-in.'
              : 'Name, contact details and role.'}
          </DialogDescription>
        </DialogHeader>
        {editing && <UserForm key={editing.mode === 'edit' ? editing.user.id : 'add'} editing={editing} onCancel={onClose} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}

function UserForm({ editing, onCancel, onSaved }: { editing: Editing; onCancel(): void; onSaved(answer: { user: UserSummary; password?: string }): void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const existing = editing.mode === 'edit' ? editing.user : null;
  const [values, setValues] = useState<UserValues>({
    username: existing?.username ?? '',
    name: existing?.name ?? '',
    email: existing?.email ?? '',
    phone: existing?.phone ?? '',
    role: existing?.role ?? 'viewer',
    password: '',
  });
  const [busy, setBusy] = useState(false);
  const bind = (name: Exclude<keyof UserValues, 'role'>) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const ownRole = existing !== null && existing.id === me?.id;
  const notSaved = existing ? 'User Not Saved' : 'User Not Added';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if ((!existing && !values.username.trim()) || !values.name.trim()) {
      toast({ title: notSaved, description: existing ? 'Name is required.' : 'User name and name are required.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const { username, name, email, phone, role, password } = values;
      const answer = existing
        ? await api<{ user: UserSummary; revokedKeys: ApiKeyName[] }>(`/api/users/${existing.id}`, {
            method: 'PUT',
            body: { name, email, phone, role, version: existing.version },
          })
        : await api<{ user: UserSummary; password?: string }>('/api/users', {
            method: 'POST',
            body: { username, name, email, phone, role, ...(password ? { password } : {}) },
          });
      // A role change revokes the user's API keys that the new role does not cover (decision 0062): say which.
      const revoked = 'revokedKeys' in answer ? answer.revokedKeys : [];
      if (revoked.length > 0) void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
      toast(
        existing
          ? {
              title: 'User Updated',
              description: `${answer.user.name} has been saved.${revoked.length > 0 ? ` ${revokedKeysText(revoked, answer.user.role)}` : ''}`,
            }
          : { title: 'User Added', description: `${answer.user.name} can now sign in as ${answer.user.username}.` },
      );
      onSaved(answer);
    } catch (err) {
      // The dialog stays open with everything typed.
      toast({
        title: err instanceof ApiError ? err.title : notSaved,
        description: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      {!existing && (
        <LabelledInput id="user-username" label="User Name" autoComplete="off" maxLength={64} placeholder="e.g. priya.sharma" {...bind('username')} />
      )}
      <LabelledInput id="user-name" label="Name" autoComplete="off" maxLength={100} placeholder="e.g. Priya Sharma" {...bind('name')} />
      <LabelledInput id="user-email" label="Email" type="email" autoComplete="off" maxLength={200} placeholder="e.g. priya@example.in" {...bind('email')} />
      <LabelledInput id="user-phone" label="Phone" type="tel" autoComplete="off" maxLength={30} placeholder="e.g. +91 98765 43210" {...bind('phone')} />
      <div className="grid gap-2">
        <Label htmlFor="user-role">Role</Label>
        <Select
          id="user-role"
          value={values.role}
          onValueChange={(role) => setValues((v) => ({ ...v, role: role as Role }))}
          options={ROLE_OPTIONS}
          disabled={ownRole}
          aria-describedby={ownRole ? 'user-role-hint' : undefined}
        />
        {ownRole && (
          <p id="user-role-hint" className="text-xs text-muted-foreground">
            You cannot change your own role.
          </p>
        )}
      </div>
      {!existing && (
        <LabelledInput
          id="user-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          hint="Optional: at least 8 characters. Blank: a one-time password is generated."
          {...bind('password')}
        />
      )}
      <DialogFooter className="pt-2">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : existing ? 'Save Changes' : 'Add User'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function OneTimePasswordDialog({ oneTime, onClose }: { oneTime: OneTime | null; onClose(): void }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(oneTime!.password);
      toast({ title: 'Copied', description: 'The one-time password is on the clipboard.' });
    } catch {
      toast({ title: 'Not Copied', description: 'Select the password and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <Dialog open={oneTime !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>One-Time Password</DialogTitle>
          <DialogDescription>
            {oneTime
              ? `Give this password to ${oneTime.user.name} (user name ${oneTime.user.username}). It is shown only once; they must change it at their first sign-in.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <Input readOnly aria-label="One-time password" className="font-mono" value={oneTime?.password ?? ''} onFocus={(e) => e.target.select()} />
          <Button variant="outline" onClick={copy}>
            <Copy /> Copy
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
