import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '@raahi/domain';
import { api } from '../../lib/api';

/** The signed-in user's notifications (GET /api/notifications and its actions), shared by the bell and the Notifications screen. */
export interface NotificationsPage {
  items: NotificationItem[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

const KEY = ['notifications'] as const;
/** The bell asks again this often, and whenever the window regains focus. */
export const UNREAD_POLL_MS = 60_000;

/** The badge's text: the count, "99+" above 99 (the server counts at most 100). */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function useUnreadCount() {
  return useQuery({
    queryKey: [...KEY, 'unread-count'],
    queryFn: ({ signal }) => api<{ count: number; capped: boolean }>('/api/notifications/unread-count', { signal }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** `changedWith`: a value whose change means the list changed too (the bell passes its unread count). */
export function useNotifications(unreadOnly: boolean, pageSize = 100, enabled = true, changedWith?: number) {
  return useQuery({
    queryKey: [...KEY, 'list', unreadOnly, pageSize, changedWith],
    queryFn: ({ signal }) => api<NotificationsPage>(`/api/notifications?pageSize=${pageSize}${unreadOnly ? '&unread=true' : ''}`, { signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
    enabled,
  });
}

/** Mark read, mark all read, delete, clear all; each refreshes the bell and the screen. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: KEY });
  const markRead = useMutation({ mutationFn: (id: string) => api(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }), onSettled });
  const markAllRead = useMutation({ mutationFn: () => api('/api/notifications/read-all', { method: 'POST' }), onSettled });
  const remove = useMutation({ mutationFn: (id: string) => api(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSettled });
  const clearAll = useMutation({ mutationFn: () => api('/api/notifications', { method: 'DELETE' }), onSettled });
  return { markRead, markAllRead, remove, clearAll };
}
