import { useQuery } from '@tanstack/react-query';
import { activityAreaLabel, PERMISSION_AREAS, RECORD_EVENT_KINDS, REMINDER_EVENTS, type ApiKey, type Webhook } from '@raahi/domain';
import { RECORD_SCREENS } from '../../app/record-screens';
import { api } from '../../lib/api';

/** Query keys: a change to keys or webhooks refreshes the list of active integrations. */
export const API_KEYS_KEY = ['api-keys'] as const;
export const WEBHOOKS_KEY = ['webhooks'] as const;

export const useApiKeys = (enabled: boolean) =>
  useQuery({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => api<{ rows: ApiKey[] }>('/api/api-keys', { signal }), enabled });
export const useWebhooks = (enabled: boolean) =>
  useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => api<{ rows: Webhook[] }>('/api/webhooks', { signal }), enabled });

/** An area as people read it ('Fuel expenses'), as the Activity Log names it. */
export const areaLabel = (area: string) => activityAreaLabel(area, RECORD_SCREENS.get(area)?.area.plural);

/** The events a webhook can choose, grouped as the form shows them: each area's four, then the reminders'. */
export const EVENT_GROUPS: { key: string; label: string; events: { value: string; label: string }[] }[] = [
  ...PERMISSION_AREAS.map((area) => ({
    key: area,
    label: areaLabel(area),
    events: RECORD_EVENT_KINDS.map((kind) => ({ value: `${area}.${kind}`, label: kind.charAt(0).toUpperCase() + kind.slice(1) })),
  })),
  { key: 'reminders', label: 'Reminders', events: REMINDER_EVENTS.map((value) => ({ value, label: value === 'reminder.due_soon' ? 'Due soon' : 'Overdue' })) },
];

/** A random secret for a webhook: 32 bytes as base64url (43 characters), from the browser's cryptographic generator. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  // base64url: '+' and '/' swapped for '-' and '_', and no '=' padding (it only ever ends the text).
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .split('=')[0];
}

/** An expiry date (YYYY-MM-DD, the browser's calendar) as the instant the key stops: the end of that day. */
export function endOfDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}
