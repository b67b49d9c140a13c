import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@raahi/domain';
import { useAuth } from '../../app/auth';
import { LabelledInput } from '../../components/labelled-input';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';

type Profile = Pick<CurrentUser, 'name' | 'email' | 'phone' | 'address'>;
const NOT_SAVED = 'Profile Not Saved';

/** Edit Profile: the signed-in user's own name, e-mail, phone and address (the role is an administrator's to change). */
export function EditProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Your name and how to reach you. Your role is set by an administrator.</DialogDescription>
        </DialogHeader>
        {open && <ProfileForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({ onDone }: { onDone(): void }) {
  const { user, setUser } = useAuth();
  const toast = useToast();
  const [values, setValues] = useState<Profile>({ name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', address: user?.address ?? '' });
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof Profile) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      toast({ title: NOT_SAVED, description: 'Name is required.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const answer = await api<{ user: CurrentUser }>('/api/auth/me', { method: 'PUT', body: values });
      setUser(answer.user);
      toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
      onDone();
    } catch (err) {
      // The dialog stays open with everything typed.
      const known = err instanceof ApiError;
      toast({ title: known ? err.title : NOT_SAVED, description: known ? err.message : 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <LabelledInput id="profile-name" label="Name" autoComplete="name" maxLength={100} {...bind('name')} />
      <LabelledInput
        id="profile-email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={200}
        placeholder="e.g. priya@example.in"
        {...bind('email')}
      />
      <LabelledInput id="profile-phone" label="Phone" type="tel" autoComplete="tel" maxLength={30} placeholder="e.g. +91 98765 43210" {...bind('phone')} />
      <LabelledInput id="profile-address" label="Address" multiline maxLength={500} {...bind('address')} />
      <DialogFooter className="pt-2">
        <Button variant="outline" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
