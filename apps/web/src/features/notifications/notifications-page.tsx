import { useState } from 'react';
import { BellOff, CheckCheck, Trash2 } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { NotificationItem } from './notification-item';
import { sampleNotifications, type AppNotification } from './sample-notifications';

type Filter = 'all' | 'unread';
const FILTER_OPTIONS = [
  { value: 'all', label: 'All Notifications' },
  { value: 'unread', label: 'Unread Only' },
] as const;

/** Changes live in this component only: the specification persists nothing. */
export function NotificationsPage() {
  const [notifications, setNotifications] = useState<AppNotification[]>(sampleNotifications);
  const [filter, setFilter] = useState<Filter>('all');
  const unreadCount = notifications.filter((n) => !n.read).length;
  const shown = filter === 'unread' ? notifications.filter((n) => !n.read) : notifications;

  const markRead = (id: string) => setNotifications((list) => list.map((n) => (n.id === id ? { ...n, read: true } : n)));
  const markAllRead = () => setNotifications((list) => list.map((n) => ({ ...n, read: true })));
  const remove = (id: string) => setNotifications((list) => list.filter((n) => n.id !== id));
  const clearAll = () => setNotifications([]);

  return (
    <div className="grid gap-6">
      <PageHeader title="Notifications" />
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Select
            aria-label="Filter notifications"
            className="w-48"
            value={filter}
            onValueChange={(value) => setFilter(value as Filter)}
            options={FILTER_OPTIONS}
          />
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {unreadCount} unread
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={unreadCount === 0} onClick={markAllRead}>
            <CheckCheck /> Mark All Read
          </Button>
          <Button variant="outline" className="text-destructive hover:text-destructive" disabled={notifications.length === 0} onClick={clearAll}>
            <Trash2 /> Clear All
          </Button>
        </div>
      </Card>
      {shown.length === 0 ? (
        <Card className="grid justify-items-center gap-3 border-dashed p-12 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
            <BellOff className="size-6" />
          </span>
          <p className="text-sm text-muted-foreground">No notifications to display.</p>
        </Card>
      ) : (
        <ul aria-label="Notifications" className="grid gap-3">
          {shown.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onMarkRead={markRead} onDelete={remove} />
          ))}
        </ul>
      )}
    </div>
  );
}
