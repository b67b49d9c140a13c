import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@raahi/domain';
import { createUser } from '../auth/users';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/test-server';
import { runReminders } from './engine';
import { REMINDER_RULES } from './rules';
import { challansRule } from './rules/challans';
import { coldChainRule } from './rules/cold-chain';
import { documentsRule } from './rules/documents';
import { healthRule } from './rules/health';
import { insuranceRule } from './rules/insurance';
import { reorderRule } from './rules/reorder';
import { tripsRule } from './rules/trips';
import type { ReminderRule } from './rule';
import { toQuery } from './engine';
import { seedReminders } from './seed';
import { companyToday } from '../company-time';

/** The states (record → state) a rule gives today, by its SQL on the test database (PGlite, or PostgreSQL with DATABASE_URL). */
async function statesOf(database: Database, rule: ReminderRule, today: string, ids: string[] | null = null): Promise<Record<string, string>> {
  const { sql, params } = toQuery(rule.states(today, ids));
  const rows = await database.query<{ record_id: string; state: string }>(sql, params);
  return Object.fromEntries(rows.map((row) => [row.record_id, row.state]));
}

const TODAY = '2027-03-10';
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.exec(`
    INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES ('VEH-1', 'Tata', 'Prima', 2022, 'VIN1', 'MH12AB1234', 'Truck', 'Active'), ('VEH-2', 'Tata', 'Prima', 2022, 'VIN2', 'MH12AB1235', 'Truck', 'Active');
    INSERT INTO drivers (id, name, license, contact, email, status) VALUES ('DRV-1', 'Ramesh Kumar', 'L1', '9999999999', 'r@example.in', 'Active'), ('DRV-2', 'Suresh Patil', 'L2', '9999999998', 's@example.in', 'Active');
    INSERT INTO trips (id, origin, destination, vehicle_id, driver_id, status) VALUES ('TRP-1', 'Pune', 'Mumbai', 'VEH-1', 'DRV-1', 'In Transit');`);
}, 60_000);
afterAll(() => drop?.());

describe('each rule at its edges', () => {
  beforeEach(async () => {
    await database.exec(`DELETE FROM compliance_documents; DELETE FROM document_alert_thresholds; DELETE FROM trip_insurance_policies; DELETE FROM driver_health_reports;
      DELETE FROM inventory_items; DELETE FROM challans; DELETE FROM cold_chain_units; DELETE FROM trips WHERE id <> 'TRP-1'; DELETE FROM reminder_states; DELETE FROM notifications;`);
  });

  it('documents: Due Soon from the threshold day of its type, Overdue the day after expiry; a newer document of the same type for the same entity replaces the older', async () => {
    const doc = (id: string, type: string, expiry: string, entity = 'VEH-1', created = '2027-01-01') =>
      database.query(
        `INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date, created_at) VALUES ($1, $1, $2, $3, $4, $5)`,
        [id, type, entity, expiry, created],
      );
    await doc('DOC-RC-EDGE', 'Vehicle Registration', addDays(TODAY, 30)); // 30 days ahead: the threshold day
    await doc('DOC-RC-OUT', 'Vehicle Registration', addDays(TODAY, 31), 'VEH-2');
    await doc('DOC-PUC-EDGE', 'Pollution Under Control (PUC) Certificate', addDays(TODAY, 15));
    await doc('DOC-PUC-OUT', 'Pollution Under Control (PUC) Certificate', addDays(TODAY, 16), 'VEH-2');
    await doc('DOC-TODAY', 'Fitness Certificate', TODAY);
    await doc('DOC-PAST', 'Operating Permit', addDays(TODAY, -1));
    await doc('DOC-COMPANY-1', 'Other', addDays(TODAY, -5), '');
    await doc('DOC-COMPANY-2', 'Other', addDays(TODAY, 200), '');
    expect(await statesOf(database, documentsRule, TODAY)).toEqual({
      'DOC-RC-EDGE': 'due_soon',
      'DOC-RC-OUT': 'ok',
      'DOC-PUC-EDGE': 'due_soon',
      'DOC-PUC-OUT': 'ok',
      'DOC-TODAY': 'due_soon',
      'DOC-PAST': 'overdue',
      'DOC-COMPANY-1': 'overdue', // a company document stands alone: another company document does not replace it
      'DOC-COMPANY-2': 'ok',
    });
    // The day after expiry.
    expect((await statesOf(database, documentsRule, addDays(TODAY, 1)))['DOC-TODAY']).toBe('overdue');
    // An administrator's threshold for the type (Manage Expiry Alerts).
    await database.exec(`INSERT INTO document_alert_thresholds (document_type, due_soon_days) VALUES ('Vehicle Registration', 31)`);
    expect((await statesOf(database, documentsRule, TODAY))['DOC-RC-OUT']).toBe('due_soon');
    // A renewal: a newer permit for the same vehicle; the old one is no longer judged (in a run over its id too).
    await doc('DOC-PERMIT-NEW', 'Operating Permit', addDays(TODAY, 365));
    const after = await statesOf(database, documentsRule, TODAY);
    expect(after['DOC-PAST']).toBeUndefined();
    expect(after['DOC-PERMIT-NEW']).toBe('ok');
    expect(await statesOf(database, documentsRule, TODAY, ['DOC-PAST', 'DOC-PERMIT-NEW'])).toEqual({ 'DOC-PERMIT-NEW': 'ok' });
  });

  it('insurance: 30 days before the end date Due Soon, the day after it Overdue; Claim Filed and Cancelled OK; a newer policy replaces the older', async () => {
    const policy = (id: string, end: string, status = 'Active', type = 'Cargo', start = '2026-01-01') =>
      database.query(
        `INSERT INTO trip_insurance_policies (id, trip_id, insurance_type, policy_number, provider_name, start_date, end_date, status) VALUES ($1, 'TRP-1', $2, $1, 'ICICI Lombard', $3, $4, $5)`,
        [id, type, start, end, status],
      );
    await policy('TIP-EDGE', addDays(TODAY, 30), 'Active', 'Cargo');
    await policy('TIP-OUT', addDays(TODAY, 31), 'Active', 'Vehicle');
    await policy('TIP-END', TODAY, 'Active', 'Liability');
    await policy('TIP-CLAIM', addDays(TODAY, -3), 'Claim Filed', 'Goods in Transit');
    expect(await statesOf(database, insuranceRule, TODAY)).toEqual({ 'TIP-EDGE': 'due_soon', 'TIP-OUT': 'ok', 'TIP-END': 'due_soon', 'TIP-CLAIM': 'ok' });
    expect((await statesOf(database, insuranceRule, addDays(TODAY, 1)))['TIP-END']).toBe('overdue');
    await policy('TIP-RENEWED', addDays(TODAY, 400), 'Active', 'Liability', TODAY);
    const after = await statesOf(database, insuranceRule, addDays(TODAY, 1));
    expect(after['TIP-END']).toBeUndefined();
    expect(after['TIP-RENEWED']).toBe('ok');
  });

  it('health: Due Soon 30 days before the next due date, Overdue the day after; only the latest check of a type per driver', async () => {
    const check = (id: string, type: string, testDate: string, next: string | null) =>
      database.query(`INSERT INTO driver_health_reports (id, driver_id, test_type, test_date, result, next_due_date) VALUES ($1, 'DRV-1', $2, $3, 'Fit', $4)`, [
        id,
        type,
        testDate,
        next,
      ]);
    await check('DHR-EDGE', 'Vision Test', '2026-03-10', addDays(TODAY, 30));
    await check('DHR-OUT', 'Audiometry', '2026-03-10', addDays(TODAY, 31));
    await check('DHR-DUE', 'Blood Pressure Test', '2026-03-10', TODAY);
    await check('DHR-NONE', 'Diabetes Screening', '2026-03-10', null);
    expect(await statesOf(database, healthRule, TODAY)).toEqual({ 'DHR-EDGE': 'due_soon', 'DHR-OUT': 'ok', 'DHR-DUE': 'due_soon' });
    expect((await statesOf(database, healthRule, addDays(TODAY, 1)))['DHR-DUE']).toBe('overdue');
    await check('DHR-NEW', 'Blood Pressure Test', TODAY, addDays(TODAY, 365));
    expect(await statesOf(database, healthRule, addDays(TODAY, 1), ['DHR-DUE', 'DHR-NEW'])).toEqual({ 'DHR-NEW': 'ok' });
  });

  it('reorder: at the reorder level Overdue, one above OK', async () => {
    await database.exec(
      `INSERT INTO inventory_items (id, name, part_number, quantity, reorder_level) VALUES ('INV-AT', 'Brake Pad Set', 'BP-1', 10, 10), ('INV-ABOVE', 'Oil Filter', 'OF-1', 11, 10), ('INV-BELOW', 'Fan Belt', 'FB-1', 0, 5)`,
    );
    expect(await statesOf(database, reorderRule, TODAY)).toEqual({ 'INV-AT': 'overdue', 'INV-ABOVE': 'ok', 'INV-BELOW': 'overdue' });
  });

  it('challans: Pending Payment on the 60th day after its date Overdue, the 59th OK; paid ones OK', async () => {
    await database.query(
      `INSERT INTO challans (id, date, vehicle_id, offense_type, amount, status) VALUES ('CH-60', $1, 'VEH-1', 'Speeding', 2000, 'Pending Payment'), ('CH-59', $2, 'VEH-1', 'Speeding', 2000, 'Pending Payment'), ('CH-PAID', $3, 'VEH-1', 'Speeding', 2000, 'Paid')`,
      [addDays(TODAY, -60), addDays(TODAY, -59), addDays(TODAY, -90)],
    );
    expect(await statesOf(database, challansRule, TODAY)).toEqual({ 'CH-60': 'overdue', 'CH-59': 'ok', 'CH-PAID': 'ok' });
    expect((await statesOf(database, challansRule, addDays(TODAY, 1)))['CH-59']).toBe('overdue');
  });

  it('trips: past the ETA and neither Delivered nor Cancelled Overdue', async () => {
    await database.exec(`
      INSERT INTO trips (id, origin, destination, vehicle_id, driver_id, status, eta) VALUES
        ('TRP-LATE', 'Pune', 'Nashik', 'VEH-2', 'DRV-2', 'Delayed', now() - interval '1 minute'),
        ('TRP-AHEAD', 'Pune', 'Nashik', 'VEH-1', 'DRV-1', 'Scheduled', now() + interval '1 hour'),
        ('TRP-DONE', 'Pune', 'Nashik', 'VEH-1', 'DRV-1', 'Delivered', now() - interval '1 day'),
        ('TRP-OFF', 'Pune', 'Nashik', 'VEH-1', 'DRV-1', 'Cancelled', now() - interval '1 day')`);
    expect(await statesOf(database, tripsRule, TODAY)).toEqual({ 'TRP-LATE': 'overdue', 'TRP-AHEAD': 'ok', 'TRP-DONE': 'ok', 'TRP-OFF': 'ok' });
  });

  it('cold chain: at the edges of the range OK, outside it Overdue (critical)', async () => {
    await database.exec(`INSERT INTO cold_chain_units (id, name, trip_id, min_temp, max_temp, current_temp, status) VALUES
      ('CCU-MAX', 'Reefer 1', 'TRP-1', 0, 5, 5, 'Optimal'), ('CCU-HOT', 'Reefer 2', 'TRP-1', 0, 5, 5.1, 'Critical'),
      ('CCU-MIN', 'Reefer 3', 'TRP-1', 0, 5, 0, 'Optimal'), ('CCU-COLD', 'Reefer 4', 'TRP-1', 0, 5, -0.1, 'Warning'), ('CCU-NONE', 'Reefer 5', 'TRP-1', 0, 5, NULL, 'Offline')`);
    expect(await statesOf(database, coldChainRule, TODAY)).toEqual({
      'CCU-MAX': 'ok',
      'CCU-HOT': 'overdue',
      'CCU-MIN': 'ok',
      'CCU-COLD': 'overdue',
      'CCU-NONE': 'ok',
    });
    expect(coldChainRule.notice({ state: 'overdue', label: 'Reefer 2', due: '5.1 °C, range 0 to 5 °C' }).type).toBe('critical');
  });
});

describe('notifications on changes of state, exactly once', () => {
  const users: Record<string, string> = {};
  beforeAll(async () => {
    for (const [username, role] of [
      ['mgr', 'fleet_manager'],
      ['disp', 'dispatcher'],
      ['acct', 'accounts'],
      ['view', 'viewer'],
      ['muted', 'fleet_manager'],
      ['gone', 'fleet_manager'],
    ] as const) {
      users[username] = (await createUser(database, { username, password: 'a-long-enough-password-1', role })).id;
    }
    await database.query(`INSERT INTO notification_preferences (user_id, muted_kinds) VALUES ($1, '{documents}')`, [users.muted]);
    await database.query(`UPDATE users SET active = false WHERE id = $1`, [users.gone]);
  });
  beforeEach(async () => {
    await database.exec(`DELETE FROM compliance_documents; DELETE FROM driver_health_reports; DELETE FROM document_alert_thresholds; DELETE FROM trip_insurance_policies;
      DELETE FROM inventory_items; DELETE FROM challans; DELETE FROM cold_chain_units; DELETE FROM trips WHERE id <> 'TRP-1'; DELETE FROM reminder_states; DELETE FROM notifications;`);
  });
  const notificationsOf = async (userId: string) =>
    database.query<{ kind: string; state: string; type: string; title: string; href: string; record_id: string }>(
      `SELECT kind, state, type, title, href, record_id FROM notifications WHERE user_id = $1 ORDER BY id`,
      [userId],
    );

  it('first run stores states without notifying; Due Soon then Overdue gives exactly two to each user who may view and wants them; repeated runs give none', async () => {
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date) VALUES ('DOC-1', 'RC – MH12AB1234', 'Vehicle Registration', 'VEH-1', $1)`,
      [addDays(TODAY, 40)],
    );
    const rules = REMINDER_RULES;
    const first = await runReminders(database, { today: TODAY, rules });
    expect(first).toMatchObject({ first: 1, changed: 0, notified: 0 });
    expect(await runReminders(database, { today: TODAY, rules })).toMatchObject({ judged: 1, changed: 0, first: 0, notified: 0 });

    // 30 days before expiry: Due Soon. Who may view compliance: the administrator (admin, made by openTestDatabase or not), manager, dispatcher, viewer.
    const dueSoon = await runReminders(database, { today: addDays(TODAY, 10), rules });
    expect(dueSoon.changed).toBe(1);
    expect(await runReminders(database, { today: addDays(TODAY, 10), rules })).toMatchObject({ changed: 0, notified: 0 });
    expect(await runReminders(database, { today: addDays(TODAY, 20), rules })).toMatchObject({ changed: 0, notified: 0 });
    const overdue = await runReminders(database, { today: addDays(TODAY, 41), rules });
    expect(overdue).toMatchObject({ changed: 1 });
    expect(await runReminders(database, { today: addDays(TODAY, 41), rules })).toMatchObject({ changed: 0, notified: 0 });

    for (const who of ['mgr', 'disp', 'view']) {
      const mine = await notificationsOf(users[who]);
      expect(mine.map((n) => [n.kind, n.state, n.type, n.title, n.href])).toEqual([
        ['documents', 'due_soon', 'warning', 'Document Expiring Soon', '/compliance?edit=DOC-1'],
        ['documents', 'overdue', 'critical', 'Document Expired', '/compliance?edit=DOC-1'],
      ]);
    }
    // accounts may not view compliance; a muted kind; a deactivated user.
    for (const who of ['acct', 'muted', 'gone']) expect(await notificationsOf(users[who])).toEqual([]);
    expect(dueSoon.notified).toBe(overdue.notified);
    const [{ count }] = await database.query<{ count: string }>(`SELECT count(*)::text AS count FROM notifications`);
    expect(Number(count)).toBe(dueSoon.notified + overdue.notified);

    // Renewed (expiry moved a year on): back to OK, no notification; its state is stored, so a later Due Soon is news again.
    await database.query(`UPDATE compliance_documents SET expiry_date = $1 WHERE id = 'DOC-1'`, [addDays(TODAY, 400)]);
    expect(await runReminders(database, { today: addDays(TODAY, 41), rules, ids: ['DOC-1'] })).toMatchObject({ changed: 1, notified: 0 });
  });

  it('health reminders reach only roles with personal data; a deleted record ends its state and its unread notifications, read ones stay', async () => {
    await database.query(
      `INSERT INTO driver_health_reports (id, driver_id, test_type, test_date, result, next_due_date) VALUES ('DHR-1', 'DRV-1', 'Vision Test', '2026-03-10', 'Fit', $1), ('DHR-2', 'DRV-1', 'Audiometry', '2026-03-10', 'Fit', $1)`,
      [addDays(TODAY, 31)],
    );
    await runReminders(database, { today: TODAY });
    const changed = await runReminders(database, { today: addDays(TODAY, 1) });
    expect(changed.changed).toBe(2);
    expect((await notificationsOf(users.mgr)).map((n) => [n.title, n.href])).toEqual([
      ['Health Check Due', '/driver-health-report?edit=DHR-1'],
      ['Health Check Due', '/driver-health-report?edit=DHR-2'],
    ]);
    expect(await notificationsOf(users.view)).toEqual([]);
    expect(await notificationsOf(users.disp)).toEqual([]);
    await database.query(`UPDATE notifications SET read_at = now() WHERE record_id = 'DHR-2' AND user_id = $1`, [users.mgr]);

    await database.exec(`DELETE FROM driver_health_reports`);
    const after = await runReminders(database, { today: addDays(TODAY, 1), ids: ['DHR-1', 'DHR-2'], deleted: ['DHR-1', 'DHR-2'] });
    expect(after).toMatchObject({ judged: 0, removed: 2, notified: 0 });
    expect(await database.query(`SELECT * FROM reminder_states WHERE rule = 'health'`)).toEqual([]);
    expect((await notificationsOf(users.mgr)).map((n) => n.record_id)).toEqual(['DHR-2']);
  });

  it('a run over some ids leaves the other records states alone', async () => {
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date) VALUES ('DOC-A', 'A', 'Vehicle Registration', 'VEH-1', $1), ('DOC-B', 'B', 'Vehicle Registration', 'VEH-2', $1)`,
      [addDays(TODAY, 5)],
    );
    await runReminders(database, { today: TODAY, rules: [documentsRule] });
    await database.exec(`DELETE FROM compliance_documents WHERE id = 'DOC-B'`);
    expect(await runReminders(database, { today: TODAY, rules: [documentsRule], ids: ['DOC-A'] })).toMatchObject({ judged: 1, removed: 0 });
    expect((await database.query<{ record_id: string }>(`SELECT record_id FROM reminder_states ORDER BY record_id`)).map((r) => r.record_id)).toEqual([
      'DOC-A',
      'DOC-B',
    ]);
    expect(await runReminders(database, { today: TODAY, rules: [documentsRule] })).toMatchObject({ removed: 1 });
  });

  it('the demo seed notifies what came due in the last week, once', async () => {
    const today = companyToday();
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date) VALUES ('DOC-WEEK', 'RC', 'Vehicle Registration', 'VEH-1', $1), ('DOC-LATER', 'PUC', 'Vehicle Registration', 'VEH-2', $2)`,
      [addDays(today, 25), addDays(today, 200)],
    );
    expect(await seedReminders(database)).toMatchObject({ changed: 1 });
    expect((await notificationsOf(users.mgr)).map((n) => [n.record_id, n.state])).toEqual([['DOC-WEEK', 'due_soon']]);
    // Seeding again (states exist): an ordinary run, nothing new.
    expect(await seedReminders(database)).toMatchObject({ changed: 0, notified: 0 });
  });

  it("saving a renewal ends the replaced document's state and unread notifications in the run over the new one", async () => {
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date) VALUES ('DOC-OLD', 'Permit', 'Operating Permit', 'VEH-1', $1)`,
      [addDays(TODAY, 40)],
    );
    await runReminders(database, { today: TODAY, rules: [documentsRule] });
    await runReminders(database, { today: addDays(TODAY, 20), rules: [documentsRule] });
    expect((await notificationsOf(users.mgr)).map((n) => n.record_id)).toEqual(['DOC-OLD']);
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date) VALUES ('DOC-NEW', 'Permit', 'Operating Permit', 'VEH-1', $1)`,
      [addDays(TODAY, 400)],
    );
    expect(await runReminders(database, { today: addDays(TODAY, 20), rules: [documentsRule], ids: ['DOC-NEW'] })).toMatchObject({
      judged: 1,
      first: 1,
      removed: 1,
      notified: 0,
    });
    // The replaced one is kept as OK, so that it is news again if it comes back (the newer one deleted).
    expect(
      (await database.query<{ record_id: string; state: string }>(`SELECT record_id, state FROM reminder_states ORDER BY record_id`)).map((r) => [
        r.record_id,
        r.state,
      ]),
    ).toEqual([
      ['DOC-NEW', 'ok'],
      ['DOC-OLD', 'ok'],
    ]);
    expect(await notificationsOf(users.mgr)).toEqual([]);
    await database.exec(`DELETE FROM compliance_documents WHERE id = 'DOC-NEW'`);
    expect(await runReminders(database, { today: addDays(TODAY, 20), rules: [documentsRule], ids: ['DOC-NEW'], deleted: ['DOC-NEW'] })).toMatchObject({
      removed: 1,
      notified: 0,
    });
    expect(await runReminders(database, { today: addDays(TODAY, 20), rules: [documentsRule] })).toMatchObject({ changed: 1 });
    expect((await notificationsOf(users.mgr)).map((n) => [n.record_id, n.state])).toEqual([['DOC-OLD', 'due_soon']]);
  });

  it("a record an edit brings into a rule is news: its first state is notified, while a new record's is not", async () => {
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date) VALUES ('DOC-MADE', 'RC', 'Vehicle Registration', 'VEH-1', $1), ('DOC-EDITED', 'RC', 'Vehicle Registration', 'VEH-2', $1)`,
      [addDays(TODAY, 5)],
    );
    expect(await runReminders(database, { today: TODAY, rules: [documentsRule], ids: ['DOC-MADE', 'DOC-EDITED'], edited: ['DOC-EDITED'] })).toMatchObject({
      first: 2,
      changed: 1,
    });
    expect((await notificationsOf(users.mgr)).map((n) => [n.record_id, n.state])).toEqual([['DOC-EDITED', 'due_soon']]);
  });
});
