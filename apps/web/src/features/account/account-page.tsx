import { useState, type ReactNode } from 'react';
import { roleLabel } from '@raahi/domain';
import { AtSign, KeyRound, Mail, MapPin, Pencil, Phone, ShieldCheck } from 'lucide-react';
import { useAuth } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { ChangePasswordDialog } from './change-password-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { SessionsCard } from './sessions-card';

const NOT_PROVIDED = 'Not provided';

/** Up to two initials from a name: 'Ramesh Kumar' → 'RK', 'admin' → 'A'. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[words.length - 1][0]] : [words[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export function AccountPage() {
  const { user } = useAuth();
  const [changingPassword, setChangingPassword] = useState(false);
  const [editingProfile, setEditingProfile] = useState(false);
  if (!user) return null;
  const name = user.name || user.username;

  return (
    <div className="grid gap-6">
      <PageHeader title="My Account" />
      <Card className="overflow-hidden">
        <div className="h-24 bg-gradient-to-r from-primary/80 via-primary/50 to-primary/20" aria-hidden />
        <CardHeader className="-mt-12 flex-row flex-wrap items-end justify-between gap-4 pb-2">
          <div className="flex items-end gap-4">
            <span
              className="grid size-24 place-items-center rounded-full bg-primary ring-4 ring-card text-3xl font-semibold text-primary-foreground shadow-md"
              role="img"
              aria-label={`Avatar of ${name}`}
            >
              {initialsOf(name)}
            </span>
            <div className="grid gap-1.5 pb-1">
              <h2 className="text-xl font-semibold leading-none">{name}</h2>
              <div>
                <Badge tone="blue">
                  <ShieldCheck className="mr-1 size-3.5" />
                  {roleLabel(user.role)}
                </Badge>
              </div>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 pb-1">
            <Button variant="outline" onClick={() => setEditingProfile(true)}>
              <Pencil /> Edit Profile
            </Button>
            <Button onClick={() => setChangingPassword(true)}>
              <KeyRound /> Change Password
            </Button>
          </div>
        </CardHeader>
        <CardContent className="pt-4">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail icon={<AtSign />} label="Username" value={user.username} />
            <Detail icon={<Mail />} label="Email" value={user.email} />
            <Detail icon={<Phone />} label="Phone" value={user.phone} />
            <Detail icon={<MapPin />} label="Address" value={user.address} />
          </dl>
        </CardContent>
      </Card>
      <SessionsCard />
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      <EditProfileDialog open={editingProfile} onOpenChange={setEditingProfile} />
    </div>
  );
}

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  const missing = !value.trim();
  return (
    // A <dl> group holds only its <dt> and <dd>: the icon lives in the term, the value lines up under the label.
    <div className="grid grid-cols-[2.25rem_minmax(0,1fr)] items-center gap-x-3 gap-y-0.5 rounded-md border bg-background/50 p-3">
      <dt className="contents text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <span aria-hidden className="row-span-2 grid size-9 place-items-center rounded-md bg-primary/10 text-primary [&_svg]:size-4">
          {icon}
        </span>
        <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</span>
      </dt>
      <dd className={missing ? 'col-start-2 text-sm italic text-muted-foreground' : 'col-start-2 break-words text-sm'}>{missing ? NOT_PROVIDED : value}</dd>
    </div>
  );
}
