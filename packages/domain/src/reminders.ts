/**
 * Reminders (issue 18): rules that judge records OK, Due Soon or Overdue by the company's today, and the
 * notifications made when a record's state changes. The kinds are what a user chooses to receive
 * (Settings → Notifications); each is one rule over one area, and only users who may view that area hear it.
 */

/** Every reminder rule, by its key; the key is also the notification's kind. */
export const REMINDER_KINDS = ['documents', 'insurance', 'health', 'training', 'service', 'reorder', 'challans', 'trips', 'cold_chain'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const isReminderKind = (value: unknown): value is ReminderKind => typeof value === 'string' && (REMINDER_KINDS as readonly string[]).includes(value);

export interface ReminderKindInfo {
  /** What the user ticks in Settings → Notifications. */
  label: string;
  /** The area whose records the rule judges: who may view it hears the reminder. */
  area: string;
}

export const REMINDER_KIND_INFO: Readonly<Record<ReminderKind, ReminderKindInfo>> = {
  documents: { label: 'Compliance documents expiring', area: 'compliance' },
  insurance: { label: 'Trip insurance policies ending', area: 'trip-insurance' },
  health: { label: 'Driver health checks due', area: 'driver-health' },
  training: { label: 'Driver training expiring', area: 'driver-training' },
  service: { label: 'Vehicle service due', area: 'service-schedules' },
  reorder: { label: 'Parts at reorder level', area: 'inventory' },
  challans: { label: 'Challans unpaid for 60 days', area: 'challans' },
  trips: { label: 'Trips past their ETA', area: 'trips' },
  cold_chain: { label: 'Cold-chain units out of range', area: 'cold-chain' },
};

/**
 * A record's state under a rule. A rule with a single alert (a part at its reorder level, a trip past its
 * ETA) uses only 'ok' and 'overdue'. Only a change of state makes a notification, and never the first state
 * a record is judged to have.
 */
export const REMINDER_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

/** The notification types of spec 000's notifications screen. */
export const NOTIFICATION_TYPES = ['critical', 'warning', 'info', 'success'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** One notification as `GET /api/notifications` answers it (the issue names these fields). */
export interface NotificationItem {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  /** ISO date-time it was made. */
  date: string;
  read: boolean;
  /** The web app's address of the record it is about. */
  href: string;
  kind: ReminderKind;
}

/** Days before a compliance document's expiry that it is reminded as Due Soon, by document type (the rest: the default). */
export const DEFAULT_DOCUMENT_DUE_SOON_DAYS = 30;
export const DOCUMENT_DUE_SOON_DAYS: Readonly<Record<string, number>> = { 'Pollution Under Control (PUC) Certificate': 15 };
/** The range an administrator may set a document type's threshold to (Manage Expiry Alerts). */
export const DUE_SOON_DAYS_RANGE = { min: 1, max: 365 } as const;
export const documentDueSoonDays = (documentType: string, overrides: Readonly<Record<string, number>> = {}): number =>
  overrides[documentType] ?? DOCUMENT_DUE_SOON_DAYS[documentType] ?? DEFAULT_DOCUMENT_DUE_SOON_DAYS;

/** What a user receives (Settings → Notifications): every kind unless muted; the daily e-mail digest when chosen. */
export interface NotificationPreferences {
  mutedKinds: ReminderKind[];
  dailyDigest: boolean;
}
