import { Link } from 'react-router';
import { AlertTriangle, Check, CheckCircle2, Info, OctagonAlert, Trash2, type LucideIcon } from 'lucide-react';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import type { NotificationItem as AppNotification, NotificationType } from '@raahi/domain';

const TYPE_STYLES: Record<NotificationType, { icon: LucideIcon; label: string; badge: BadgeTone; iconClass: string; accent: string }> = {
  critical: { icon: OctagonAlert, label: 'Critical', badge: 'red', iconClass: 'bg-red-500/10 text-red-600 dark:text-red-300', accent: 'bg-red-500' },
  warning: { icon: AlertTriangle, label: 'Warning', badge: 'orange', iconClass: 'bg-amber-500/10 text-amber-700 dark:text-amber-300', accent: 'bg-amber-500' },
  info: { icon: Info, label: 'Info', badge: 'blue', iconClass: 'bg-blue-500/10 text-blue-600 dark:text-blue-300', accent: 'bg-blue-500' },
  success: { icon: CheckCircle2, label: 'Success', badge: 'green', iconClass: 'bg-green-500/10 text-green-700 dark:text-green-300', accent: 'bg-green-500' },
};

interface NotificationItemProps {
  notification: AppNotification;
  onMarkRead(id: string): void;
  onDelete(id: string): void;
}

export function NotificationItem({ notification, onMarkRead, onDelete }: NotificationItemProps) {
  const { id, title, message, type, date, read, href } = notification;
  const style = TYPE_STYLES[type];
  const Icon = style.icon;
  return (
    <li
      aria-label={title}
      className={cn(
        'relative flex flex-col gap-3 overflow-hidden rounded-lg border p-4 pl-5 shadow-sm transition-colors sm:flex-row sm:items-start',
        read ? 'bg-card' : 'bg-accent/40',
      )}
    >
      <span className={cn('absolute inset-y-0 left-0 w-1', style.accent)} aria-hidden />
      <span className={cn('grid size-10 shrink-0 place-items-center rounded-full', style.iconClass)}>
        <Icon className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className={cn('text-sm', read ? 'font-medium' : 'font-semibold')}>
            <Link to={href} className="hover:underline" onClick={() => !read && onMarkRead(id)}>
              {title}
            </Link>
          </h2>
          <Badge tone={style.badge}>{style.label}</Badge>
          {!read && (
            <span className="flex items-center gap-1 text-xs font-medium text-primary">
              <span className="size-2 rounded-full bg-primary" aria-hidden />
              <span className="sr-only">Unread</span>
            </span>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{message}</p>
        <time dateTime={date} className="text-xs text-muted-foreground">
          {formatDateTime(date)}
        </time>
      </div>
      <div className="flex shrink-0 gap-2">
        {!read && (
          <Button variant="outline" size="sm" onClick={() => onMarkRead(id)}>
            <Check /> Mark Read
          </Button>
        )}
        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={() => onDelete(id)}>
          <Trash2 /> Delete
        </Button>
      </div>
    </li>
  );
}
