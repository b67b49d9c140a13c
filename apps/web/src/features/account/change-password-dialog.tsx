import { useState, type FormEvent, type ReactNode } from 'react';
import { passwordProblem, type CurrentUser } from '@raahi/domain';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { useAuth } from '../../app/auth';
import { api, ApiError } from '../../lib/api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;
const NOT_CHANGED = 'Password Not Changed';

/** Checks the client can make before asking the server (which runs the same rule, and also refuses common passwords). */
function clientProblem({ newPassword, confirmPassword }: typeof EMPTY, username: string | undefined): string | null {
  return passwordProblem(newPassword, { username }) ?? (newPassword !== confirmPassword ? 'The new passwords do not match.' : null);
}

/**
 * The change-password form: the dialog in My Account and the screen shown after signing in with a password
 * an administrator set use it alike. `footer` gets the busy state and renders the buttons.
 */
export function ChangePasswordForm({
  onChanged,
  onBusyChange,
  footer,
}: {
  onChanged(): void;
  onBusyChange?(busy: boolean): void;
  footer(busy: boolean): ReactNode;
}) {
  const toast = useToast();
  const { user, setUser } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusyState] = useState(false);
  const setBusy = (next: boolean) => {
    setBusyState(next);
    onBusyChange?.(next);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = clientProblem(values, user?.username);
    if (problem) {
      toast({ title: NOT_CHANGED, description: problem, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const answer = await api<{ title: string; message: string }>('/api/auth/password', {
        method: 'POST',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      toast({ title: answer.title, description: answer.message });
      // Passwords should not linger in memory or reappear.
      setValues(EMPTY);
      // The user chose their own: "must change password" is lifted (the server did the same).
      if (user?.mustChangePassword) setUser({ ...user, mustChangePassword: false } satisfies CurrentUser);
      onChanged();
    } catch (err) {
      console.error('Change password failed:', err);
      const known = err instanceof ApiError;
      toast({
        title: known ? err.title : NOT_CHANGED,
        description: known ? err.message : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      {FIELDS.map(({ name, label, autoComplete }) => (
        <div key={name} className="grid gap-2">
          <Label htmlFor={`password-${name}`}>{label}</Label>
          <Input
            id={`password-${name}`}
            name={name}
            type="password"
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
        </div>
      ))}
      {footer(busy)}
    </form>
  );
}

export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [busy, setBusy] = useState(false);
  // Closing unmounts the form, which forgets what was typed.
  const changeOpen = (next: boolean) => {
    if (!busy) onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then choose a new one of at least 8 characters.</DialogDescription>
        </DialogHeader>
        <ChangePasswordForm
          onChanged={() => onOpenChange(false)}
          onBusyChange={setBusy}
          footer={(formBusy) => (
            <DialogFooter className="pt-2">
              <Button variant="outline" disabled={formBusy} onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={formBusy}>
                {formBusy ? 'Changing...' : 'Change Password'}
              </Button>
            </DialogFooter>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}
