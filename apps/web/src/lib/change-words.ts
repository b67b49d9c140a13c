import {
  CHANGE_OPERATION_LABELS,
  roleLabel,
  type AnyField,
  type AreaDefinition as Declared,
  type ChangeEntry,
  type ChangeOperation,
  type FieldChange,
} from '@raahi/domain';
import { formatDate, formatRupees, formatWhen } from './format';

// Any area's declaration, whatever its fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Area = Declared<any>;

/**
 * A change entry in plain words, for the History view, the Activity Log and the dashboard:
 * "Priya Sharma changed Status from Scheduled to In Transit".
 */

const fieldOf = (area: Area | undefined, name: string): AnyField | undefined => (area as { fields?: Record<string, AnyField> } | undefined)?.fields?.[name];

/** One value as the app shows it: dates DD/MM/YYYY, rupees with ₹, a file by its name, blank as "blank". */
export function valueWords(value: unknown, field?: AnyField): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'blank';
  if (Array.isArray(value)) return value.map((item) => valueWords(item, field)).join(', ');
  if (typeof value === 'object') return String((value as { name?: unknown }).name ?? (value as { id?: unknown }).id ?? JSON.stringify(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field?.kind === 'money' && typeof value === 'number') return formatRupees(value);
  if (field?.kind === 'date' && typeof value === 'string') return formatDate(value);
  if (field?.kind === 'datetime' && typeof value === 'string') return formatWhen(value);
  return String(value);
}

/** One end of a change as the app shows it; a user's role is stored as its key (fleet_manager), read as its label. */
function changedValueWords(change: FieldChange, end: 'before' | 'after', area?: Area): string {
  const value = change[end];
  if (!area && change.field === 'role' && typeof value === 'string') return roleLabel(value);
  return valueWords(value, fieldOf(area, change.field));
}

/** "Status from Scheduled to In Transit"; a secret only "Password". */
export function changeWords(change: FieldChange, area?: Area): string {
  const label = change.label ?? change.field;
  if (change.secret) return label;
  return `${label} from ${changedValueWords(change, 'before', area)} to ${changedValueWords(change, 'after', area)}`;
}

/**
 * A record's state as a create or delete entry keeps it, by its fields' labels in the declaration's order,
 * blanks left out: "Origin: Pune; Destination: Mumbai; Status: Delivered".
 */
export function snapshotWords(snapshot: Record<string, unknown> | null, area: Area | undefined): string {
  if (!snapshot || !area) return '';
  return Object.entries(area.fieldLabels as Record<string, string>)
    .filter(([name]) => name in snapshot && valueWords(snapshot[name]) !== 'blank')
    .map(([name, label]) => `${label}: ${valueWords(snapshot[name], fieldOf(area, name))}`)
    .join('; ');
}

const OTHER_OPERATIONS: Record<string, string> = {
  sign_in: 'signed in',
  sign_out_everywhere: 'signed out everywhere',
  password_change: 'changed a password',
  password_reset: 'reset a password',
  role_change: 'changed a role',
  deactivate: 'deactivated a user',
  activate: 'activated a user',
  revoke: 'revoked an API key',
};

/**
 * What the actor did. `record` names the record ('this trip' in its own History view, 'trip TRP…' elsewhere);
 * a batch reads as its count ('created 120 vehicles').
 */
export function entryWords(entry: ChangeEntry, area: Area | undefined, record: 'this' | 'named'): string {
  // A user's entries (Settings → Users) name a user; other entries without an area a record.
  const singular = area?.singular ?? (entry.area === 'users' ? 'user' : entry.area === 'api-keys' ? 'API key' : 'record');
  const what = record === 'this' ? `this ${singular}` : `${singular} ${entry.recordId}`;
  const who = entry.actor.name;
  if (entry.batchCount !== undefined && entry.batchCount > 1 && entry.operation !== 'update') {
    return `${who} ${entry.operation === 'delete' ? 'deleted' : entry.operation === 'create' ? 'created' : (CHANGE_OPERATION_LABELS[entry.operation as ChangeOperation] ?? entry.operation).toLowerCase()} ${entry.batchCount} ${area?.plural ?? 'records'}`;
  }
  // A role change that says from what to what reads like any other change of a field.
  const operation = entry.operation === 'role_change' && entry.changes?.length ? 'update' : entry.operation;
  switch (operation) {
    case 'create':
      return `${who} created ${what}`;
    case 'delete':
      return `${who} deleted ${what}`;
    case 'update': {
      const changes = entry.changes ?? [];
      if (changes.length === 0) return `${who} changed ${what}`;
      const words = changes.map((change) => changeWords(change, area));
      const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
      if (record === 'this') return `${who} changed ${list}`;
      // One field reads as a sentence ("changed Status of trip TRP… from Scheduled to In Transit"); several after the record.
      if (changes.length === 1 && !changes[0].secret) {
        const [change] = changes;
        return `${who} changed ${change.label ?? change.field} of ${what} from ${changedValueWords(change, 'before', area)} to ${changedValueWords(change, 'after', area)}`;
      }
      return `${who} changed ${what}: ${list}`;
    }
    case 'export': {
      const rows = entry.details?.rowCount;
      return `${who} exported ${typeof rows === 'number' ? `${rows} ` : ''}${area?.plural ?? entry.area}`;
    }
    default:
      // A sign-in names its own user: no need to repeat the id.
      return `${who} ${OTHER_OPERATIONS[entry.operation] ?? entry.operation}${entry.recordId && entry.recordId !== entry.actor.id ? ` (${entry.recordId})` : ''}`;
  }
}
