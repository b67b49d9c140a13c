import { Link } from 'react-router';
import { AlertTriangle, Bell, Fuel, LogOut, Settings, User, UserCircle, Wrench } from 'lucide-react';
import { Button } from '../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../components/ui/dropdown-menu';

const SAMPLE_NOTIFICATIONS = [
  { icon: Wrench, title: 'Maintenance due', text: 'Vehicle MH12AB1234 is due for service.' },
  { icon: Fuel, title: 'Low fuel alert', text: 'Vehicle KA05MN7788 is below 15% fuel.' },
  { icon: AlertTriangle, title: 'New trip assigned', text: 'Trip to Pune assigned to Ramesh Kumar.' },
];

/** The top bar's notifications and account menus (a chunk of their own, loaded right after the shell). */
export default function TopBarMenus({ onLogout }: { onLogout(): void }) {
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Notifications, ${SAMPLE_NOTIFICATIONS.length} new`} className="relative">
            <Bell />
            <span aria-hidden className="absolute -right-0.5 -top-0.5 grid size-4 place-items-center rounded-full bg-destructive text-[10px] font-semibold text-destructive-foreground" data-testid="notification-badge">
              {SAMPLE_NOTIFICATIONS.length}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-80">
          <DropdownMenuLabel>Notifications</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {SAMPLE_NOTIFICATIONS.map(({ icon: Icon, title, text }) => (
            <DropdownMenuItem key={title} asChild>
              <Link to="/notifications" className="items-start">
                <Icon className="mt-0.5 text-primary" />
                <span className="grid gap-0.5">
                  <span className="font-medium">{title}</span>
                  <span className="text-xs text-muted-foreground">{text}</span>
                </span>
              </Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/notifications" className="justify-center font-medium text-primary">
              View all notifications
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="My Account">
            <UserCircle className="!size-5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>My Account</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/account">
              <User /> Profile
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/settings">
              <Settings /> Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onLogout}>
            <LogOut /> Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
