import { describe, expect, it } from 'vitest';
import { fuelExpensesArea, tripsArea, vehiclesArea, type ChangeEntry } from '@raahi/domain';
import { entryWords, snapshotWords, valueWords } from './change-words';

const entry = (overrides: Partial<ChangeEntry>): ChangeEntry => ({
  id: '1',
  at: '2026-11-24T08:35:00.000Z',
  actor: { type: 'user', id: 'USR1', name: 'Priya Sharma' },
  area: 'trips',
  recordId: 'TRP1234AB',
  operation: 'update',
  batchId: null,
  changes: null,
  snapshot: null,
  details: null,
  ...overrides,
});

describe('a change entry in plain words', () => {
  it("tells an update's field by its label, before and after", () => {
    const update = entry({ changes: [{ field: 'status', label: 'Status', before: 'Scheduled', after: 'In Transit' }] });
    expect(entryWords(update, tripsArea, 'this')).toBe('Priya Sharma changed Status from Scheduled to In Transit');
    expect(entryWords(update, tripsArea, 'named')).toBe('Priya Sharma changed Status of trip TRP1234AB from Scheduled to In Transit');
  });

  it('lists several fields, and a secret by its name only', () => {
    const update = entry({
      changes: [
        { field: 'origin', label: 'Origin', before: 'Pune', after: 'Nashik' },
        { field: 'notes', label: 'Notes', before: '', after: 'Fragile' },
        { field: 'passwordHash', label: 'Password', before: null, after: null, secret: true },
      ],
    });
    expect(entryWords(update, tripsArea, 'this')).toBe('Priya Sharma changed Origin from Pune to Nashik, Notes from blank to Fragile and Password');
    expect(entryWords(update, tripsArea, 'named')).toBe(
      'Priya Sharma changed trip TRP1234AB: Origin from Pune to Nashik, Notes from blank to Fragile and Password',
    );
  });

  it('writes values as the app shows them: dates DD/MM/YYYY, rupees, files by name', () => {
    const fields = fuelExpensesArea.fields;
    expect(valueWords('2026-11-24', fields.date)).toBe('24/11/2026');
    expect(valueWords(1234567.5, fields.amount)).toBe('₹12,34,567.50');
    expect(valueWords({ id: 'FIL1', name: 'bill.pdf' })).toBe('bill.pdf');
    expect(valueWords(['Towing', 'Tyres'])).toBe('Towing, Tyres');
    expect(valueWords(null)).toBe('blank');
  });

  it('tells a create, a delete and a batch', () => {
    expect(entryWords(entry({ operation: 'create' }), tripsArea, 'this')).toBe('Priya Sharma created this trip');
    expect(entryWords(entry({ operation: 'delete' }), tripsArea, 'named')).toBe('Priya Sharma deleted trip TRP1234AB');
    const batch = entry({ actor: { type: 'system', id: 'import', name: 'Import' }, area: 'vehicles', operation: 'create', batchId: 'B1', batchCount: 120 });
    expect(entryWords(batch, vehiclesArea, 'named')).toBe('Import created 120 vehicles');
  });

  it('tells sign-ins and user changes', () => {
    expect(entryWords(entry({ area: 'auth', recordId: 'USR1', operation: 'sign_in' }), undefined, 'named')).toBe('Priya Sharma signed in');
    expect(entryWords(entry({ area: 'users', recordId: 'USR2', operation: 'create' }), undefined, 'named')).toBe('Priya Sharma created user USR2');
    expect(entryWords(entry({ area: 'users', recordId: 'USR2', operation: 'role_change' }), undefined, 'named')).toBe('Priya Sharma changed a role (USR2)');
    const roleChange = entry({
      area: 'users',
      recordId: 'USR2',
      operation: 'role_change',
      changes: [{ field: 'role', label: 'Role', before: 'viewer', after: 'dispatcher' }],
    });
    expect(entryWords(roleChange, undefined, 'named')).toBe('Priya Sharma changed Role of user USR2 from Viewer to Dispatcher');
  });

  it("keeps a deleted record's last state readable", () => {
    expect(snapshotWords({ id: 'TRP1', origin: 'Pune', destination: 'Mumbai', notes: '', status: 'Delivered' }, tripsArea)).toBe(
      'Origin: Pune; Destination: Mumbai; Status: Delivered',
    );
  });
});
