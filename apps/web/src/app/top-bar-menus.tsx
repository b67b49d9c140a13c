import { Link } from 'react-router';
import { AlertTriangle, Bell, CheckCircle2, Info, LogOut, OctagonAlert, Settings, User, UserCircle, type LucideIcon } from 'lucide-react';
import type { NotificationType } from '@raahi/domain';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { badgeText, useNotificationActions, useNotifications, useUnreadCount } from '../features/notifications/notifications-api';

const TYPE_ICONS: Record<NotificationType, { icon: LucideIcon; className: string }> = {
  critical: { icon: OctagonAlert, className: 'text-red-600 dark:text-red-300' },
  warning: { icon: AlertTriangle, className: 'text-amber-600 dark:text-amber-300' },
  info: { icon: Info, className: 'text-primary' },
  success: { icon: CheckCircle2, className: 'text-green-600 dark:text-green-300' },
};
/** How many of the latest unread the menu lists. */
const MENU_ITEMS = 5;

/** The bell: the unread count (asked every minute and on focus), the latest unread, each leading to its record. */
function NotificationsMenu() {
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  // The latest unread are fetched when there are any, and again whenever the count changes.
  const latest = useNotifications(true, MENU_ITEMS, count > 0, count);
  const { markRead } = useNotificationActions();
  const items = count > 0 ? (latest.data?.items ?? []) : [];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={count > 0 ? `Notifications, ${badgeText(count)} new` : 'Notifications'} className="relative">
          <Bell />
          {count > 0 && (
            <span
              aria-hidden
              className="absolute -right-1 -top-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-0.5 text-[10px] font-semibold text-destructive-foreground"
              data-testid="notification-badge"
            >
              {badgeText(count)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">No notifications to display.</p>
        ) : (
          items.map(({ id, title, message, type, href }) => {
            const { icon: Icon, className } = TYPE_ICONS[type] ?? TYPE_ICONS.info;
            return (
              <DropdownMenuItem key={id} asChild>
                <Link to={href} className="items-start" onClick={() => markRead.mutate(id)}>
                  <Icon className={`mt-0.5 ${className}`} />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{title}</span>
                    <span className="line-clamp-2 text-xs text-muted-foreground">{message}</span>
                  </span>
                </Link>
              </DropdownMenuItem>
            );
          })
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/notifications" className="justify-center font-medium text-primary">
            View all notifications
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The top bar's notifications and account menus (a chunk of their own, loaded right after the shell). */
export default function TopBarMenus({ onLogout }: { onLogout(): void }) {
  return (
    <>
      <NotificationsMenu />
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
