import { Hono } from 'hono';
import { z } from 'zod';
import { can, DOCUMENT_TYPES, DUE_SOON_DAYS_RANGE, documentDueSoonDays, notAllowedMessage, roleLabel, screenPathOf } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { roleOf } from '../auth/permissions';
import type { Database } from '../db/client';
import { ApiError, badRequest, readJson } from '../http/errors';
import { recordChange, userActor } from '../history/change-log';

/** Who may change the thresholds (Manage Expiry Alerts): administrators; whoever may view compliance documents reads them. */
export const mayEditThresholds = (role: string) => role === 'administrator';

const { min, max } = DUE_SOON_DAYS_RANGE;
const thresholdsBody = z.strictObject({
  thresholds: z
    .array(z.strictObject({ documentType: z.string().max(100), dueSoonDays: z.unknown() }))
    .min(1)
    .max(DOCUMENT_TYPES.length),
});

export interface ThresholdItem {
  documentType: string;
  dueSoonDays: number;
  /** The days without an administrator's choice (30; PUC 15). */
  defaultDays: number;
}

async function thresholds(database: Database): Promise<ThresholdItem[]> {
  const rows = await database.query<{ document_type: string; due_soon_days: number }>('SELECT document_type, due_soon_days FROM document_alert_thresholds');
  const overrides = Object.fromEntries(rows.map((r) => [r.document_type, r.due_soon_days]));
  return DOCUMENT_TYPES.map((documentType) => ({
    documentType,
    dueSoonDays: documentDueSoonDays(documentType, overrides),
    defaultDays: documentDueSoonDays(documentType),
  }));
}

/**
 * Reminder settings beside the areas (issue 18, decision 0037):
 * - GET /reminders/thresholds: each compliance document type's Due Soon days (who may view compliance);
 *   PUT (administrators): days 1–365 for each type sent, all or nothing. They drive reminders only.
 * - GET /reminders/training/unreadable: Completed trainings whose validity cannot be read (no reminder is
 *   made for them), for correction (who may view driver training).
 */
export function reminderSettingsRoutes(database: Database) {
  const app = new Hono<AppEnv>();

  app.get('/thresholds', async (c) => {
    const role = roleOf(c);
    if (!can(role, 'compliance', 'view')) throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, 'view compliance documents'));
    return c.json({ items: await thresholds(database), editable: mayEditThresholds(role) });
  });

  app.put('/thresholds', async (c) => {
    const role = roleOf(c);
    if (!mayEditThresholds(role))
      throw new ApiError(403, 'Not Allowed', `Your role (${roleLabel(role)}) may not change expiry alerts. Ask an administrator if you need it.`);
    const parsed = thresholdsBody.safeParse(await readJson(c));
    if (!parsed.success) throw badRequest('Send { "thresholds": [{ "documentType": …, "dueSoonDays": … }] } naming each document type at most once.');
    const sent = parsed.data.thresholds;
    if (new Set(sent.map((t) => t.documentType)).size !== sent.length) throw badRequest('Each document type may be named only once.');
    for (const { documentType, dueSoonDays } of sent) {
      if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType))
        throw new ApiError(422, 'Unknown Document Type', `There is no document type "${documentType}".`);
      if (typeof dueSoonDays !== 'number' || !Number.isInteger(dueSoonDays) || dueSoonDays < min || dueSoonDays > max)
        throw new ApiError(422, 'Invalid Days', `Due Soon days for ${documentType} must be a whole number from ${min} to ${max}.`);
    }
    // Every type sent, or none, with one Activity Log entry naming each changed type's days before and after.
    const { user } = c.get('session');
    await database.transaction(async (tx) => {
      await tx.query(`LOCK TABLE document_alert_thresholds IN SHARE ROW EXCLUSIVE MODE`);
      const before = new Map((await thresholds(tx)).map((t) => [t.documentType, t.dueSoonDays]));
      const values = sent.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}::integer, now())`).join(', ');
      await tx.query(
        `INSERT INTO document_alert_thresholds (document_type, due_soon_days, updated_at) VALUES ${values} ON CONFLICT (document_type) DO UPDATE SET due_soon_days = EXCLUDED.due_soon_days, updated_at = now()`,
        sent.flatMap((t) => [t.documentType, t.dueSoonDays]),
      );
      const changes = sent
        .filter((t) => before.get(t.documentType) !== t.dueSoonDays)
        .map((t) => ({ field: t.documentType, label: `${t.documentType}: Due Soon days`, before: before.get(t.documentType) ?? null, after: t.dueSoonDays }));
      if (changes.length > 0) await recordChange(tx, { actor: userActor(user), area: 'expiry-alerts', operation: 'update', changes });
    });
    return c.json({ items: await thresholds(database), editable: true });
  });

  app.get('/training/unreadable', async (c) => {
    const role = roleOf(c);
    if (!can(role, 'driver-training', 'view')) throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, 'view driver training'));
    const items = await database.query<Record<string, unknown>>(
      `SELECT t.id, t.driver_id AS "driverId", driver_label(d.name, d.id) AS "driverLabel", t.training_type AS "trainingType",
         to_char(t.schedule_date, 'YYYY-MM-DD') AS "scheduleDate", t.validity_period AS "validityPeriod"
       FROM driver_training_records t LEFT JOIN drivers d ON d.id = t.driver_id
       WHERE t.status = 'Completed' AND validity_months(t.validity_period) IS NULL
       ORDER BY t.schedule_date DESC NULLS LAST, t.id LIMIT 500`,
    );
    return c.json({ items: items.map((item) => ({ ...item, href: `${screenPathOf('driver-training')}?edit=${String(item.id)}` })) });
  });

  return app;
}
