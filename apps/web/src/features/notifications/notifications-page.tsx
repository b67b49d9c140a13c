import { useState } from 'react';
import { BellOff, CheckCheck, Trash2 } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { useToast } from '../../components/ui/toast';
import { NotificationItem } from './notification-item';
import { badgeText, useNotificationActions, useNotifications, useUnreadCount } from './notifications-api';

type Filter = 'all' | 'unread';
const FILTER_OPTIONS = [
  { value: 'all', label: 'All Notifications' },
  { value: 'unread', label: 'Unread Only' },
] as const;

/** The signed-in user's notifications, newest first, as the server stores them (reminders on changes of state). */
export function NotificationsPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const list = useNotifications(filter === 'unread');
  const unread = useUnreadCount();
  const { markRead, markAllRead, remove, clearAll } = useNotificationActions();
  const toast = useToast();
  const failed = (title: string) => ({ onError: (err: Error) => toast({ title, description: err.message, variant: 'destructive' }) });
  const unreadCount = unread.data?.count ?? 0;
  const shown = list.data?.items ?? [];
  const anyShown = shown.length > 0 || filter === 'unread';

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
            {badgeText(unreadCount)} unread
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={unreadCount === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate(undefined, failed('Mark All Read Failed'))}
          >
            <CheckCheck /> Mark All Read
          </Button>
          <Button
            variant="outline"
            className="text-destructive hover:text-destructive"
            disabled={!anyShown || clearAll.isPending}
            onClick={() => clearAll.mutate(undefined, failed('Clear All Failed'))}
          >
            <Trash2 /> Clear All
          </Button>
        </div>
      </Card>
      {list.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading notifications...
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load notifications: {list.error.message}
        </p>
      ) : shown.length === 0 ? (
        <Card className="grid justify-items-center gap-3 border-dashed p-12 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
            <BellOff className="size-6" />
          </span>
          <p className="text-sm text-muted-foreground">No notifications to display.</p>
        </Card>
      ) : (
        <>
          <ul aria-label="Notifications" className="grid gap-3">
            {shown.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onMarkRead={(id) => markRead.mutate(id, failed('Mark Read Failed'))}
                onDelete={(id) => remove.mutate(id, failed('Delete Failed'))}
              />
            ))}
          </ul>
          {list.data?.hasMore && <p className="text-sm text-muted-foreground">Showing the latest {shown.length} notifications.</p>}
        </>
      )}
    </div>
  );
}
