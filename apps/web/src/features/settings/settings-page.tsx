import type { ReactNode } from 'react';
import { Bell, Languages, Lock, Moon, Palette, ShieldCheck, Sun, type LucideIcon } from 'lucide-react';
import { canManageUsers } from '@raahi/domain';
import { useAuth } from '../../app/auth';
import { useTheme } from '../../app/theme';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { NotificationsSection } from './notifications-section';
import { UsersSection } from './users-section';

const LANGUAGES = [{ value: 'en-IN', label: 'English (India)' }];

export function SettingsPage() {
  const { theme, toggleTheme } = useTheme();
  const { user } = useAuth();
  const dark = theme === 'dark';
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SettingsCard icon={Palette} title="Appearance" description="Choose how Raahi looks on this device.">
          <SettingRow label="Theme" hint={dark ? 'Dark mode is on.' : 'Light mode is on.'}>
            <Button variant="outline" onClick={toggleTheme}>
              {dark ? <Sun /> : <Moon />}
              {dark ? 'Switch to Light Mode' : 'Switch to Dark Mode'}
            </Button>
          </SettingRow>
          <SettingRow
            label={
              <span className="flex items-center gap-2">
                <Languages className="size-4 text-muted-foreground" />
                <Label htmlFor="settings-language">Language</Label>
                <Badge tone="gray">Coming Soon</Badge>
              </span>
            }
          >
            <Select id="settings-language" className="w-44" value="en-IN" onValueChange={() => undefined} options={LANGUAGES} disabled />
          </SettingRow>
        </SettingsCard>
        <SettingsCard icon={Bell} title="Notifications" description="Alerts for trips, maintenance, incidents and documents.">
          <NotificationsSection />
        </SettingsCard>
        {/* Administrators manage users here; for everyone else the card stays as the specification shows it. */}
        {user && canManageUsers(user.role) ? (
          <SettingsCard icon={ShieldCheck} title="Security & Privacy" description="Sign-in, sessions and data privacy." className="lg:col-span-2">
            <UsersSection />
          </SettingsCard>
        ) : (
          <SettingsCard icon={ShieldCheck} title="Security & Privacy" description="Sign-in, sessions and data privacy.">
            <PendingSettings text="Security and privacy settings are to be implemented." action="Manage Security Settings" actionIcon={Lock} />
          </SettingsCard>
        )}
      </div>
    </div>
  );
}

function SettingsCard({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader className="flex-row items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" />
        </span>
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-0 divide-y">{children}</CardContent>
    </Card>
  );
}

function SettingRow({ label, hint, children }: { label: ReactNode; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      <div className="grid gap-1">
        <div className="text-sm font-medium">{label}</div>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </div>
  );
}

function PendingSettings({ text, action, actionIcon: ActionIcon }: { text: string; action: string; actionIcon?: LucideIcon }) {
  return (
    <div className="grid gap-4">
      <p className="rounded-md border border-dashed bg-muted/40 p-3 text-sm text-muted-foreground">{text}</p>
      <div>
        <Button variant="outline" type="button">
          {ActionIcon && <ActionIcon />}
          {action}
        </Button>
      </div>
    </div>
  );
}
