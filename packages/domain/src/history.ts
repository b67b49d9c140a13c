/**
 * The history of records as the API returns it (GET /api/<area>/:id/history, GET /api/activity): who did
 * what, when, and for an update each field's value before and after.
 */

export const ACTOR_TYPES = ['user', 'api_key', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** Who made a change: a signed-in user, an API key, or the system (a named job: 'Reminder run', 'Import'). */
export interface Actor {
  type: ActorType;
  id: string;
  name: string;
}

/** Operations on records; the others name what happened to a session, a user or an export. */
export const RECORD_OPERATIONS = ['create', 'update', 'delete'] as const;
export type RecordOperation = (typeof RECORD_OPERATIONS)[number];
export const CHANGE_OPERATIONS = [
  ...RECORD_OPERATIONS,
  'sign_in',
  'sign_out_everywhere',
  'password_change',
  'password_reset',
  'role_change',
  'deactivate',
  'activate',
  'export',
  'revoke',
] as const;
export type ChangeOperation = (typeof CHANGE_OPERATIONS)[number];

/** One field's change in an update. A secret is never shown: before and after are null and `secret` is true. */
export interface FieldChange {
  field: string;
  /** The field's label when the area declares it ('Status'). */
  label?: string;
  before: unknown;
  after: unknown;
  secret?: boolean;
}

export interface ChangeEntry {
  id: string;
  /** ISO instant. */
  at: string;
  actor: Actor;
  area: string;
  recordId: string;
  operation: ChangeOperation;
  batchId: string | null;
  /** Where a list shows a batch as one entry: how many entries it holds. */
  batchCount?: number;
  changes: FieldChange[] | null;
  snapshot: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
}

/** A page of entries, newest first (GET /api/<area>/:id/history, GET /api/activity). */
export interface HistoryPage {
  items: ChangeEntry[];
  hasMore: boolean;
  page: number;
  pageSize: number;
}

/** GET /api/activity/recent: the latest entries the reader may see, a batch as one entry with batchCount. */
export interface RecentActivity {
  items: ChangeEntry[];
}

/** GET /api/activity/actors: who appears in the log (the Activity Log's user filter), each by its latest name. */
export interface ActivityActors {
  actors: Actor[];
}

/** Each operation as the Activity Log names it (its filter, its column, its export). */
export const CHANGE_OPERATION_LABELS: Record<ChangeOperation, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  sign_in: 'Signed in',
  sign_out_everywhere: 'Signed out everywhere',
  password_change: 'Password changed',
  password_reset: 'Password reset',
  role_change: 'Role changed',
  deactivate: 'Deactivated',
  activate: 'Activated',
  export: 'Exported',
  revoke: 'Revoked',
};

/** Entries of no record area: sign-ins, user changes, API keys, webhooks and the Activity Log's own exports, for administrators. */
export const ACCOUNT_AREA_LABELS = {
  users: 'Users',
  auth: 'Sign-ins',
  activity: 'Activity Log',
  'expiry-alerts': 'Expiry Alerts',
  'api-keys': 'API Keys',
  webhooks: 'Webhooks',
} as const;

/** An area as the Activity Log names it: 'Trips', 'Sales leads', 'Sign-ins'. */
export const activityAreaLabel = (key: string, plural?: string): string =>
  (ACCOUNT_AREA_LABELS as Record<string, string>)[key] ?? (plural ? plural.charAt(0).toUpperCase() + plural.slice(1) : key);
