import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { can, IMPORT_MODES, todayIn, type ImportColumn, type ImportPreview, type ImportUndoResult } from '@raahi/domain';
import { actorOf, byApiKey } from '../auth/actor';
import { KEY_REFUSED, type AppEnv } from '../auth/middleware';
import { hiddenKeysOf, notAllowed, roleOf } from '../auth/permissions';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';
import { admissionLimiter } from '../http/admission';
import { ApiError, badRequest, describeIssues, notFound } from '../http/errors';
import { csvField } from '../http/csv-export';
import type { ResourceDefinition } from '../http/resource';
import { executeRun } from './pipeline';
import { CELL_LIMITS, openFile, zipLimitsFor, type ReadLimits } from './read-file';
import { checkedMapping, importFields, matchColumns } from './mapping';
import {
  createRun,
  importErrors,
  newBatchId,
  readRun,
  recentRuns,
  rememberedMapping,
  rememberMapping,
  runOfBatch,
  runResult,
  saveProgress,
  type RunRow,
} from './runs';
import { templateCsv, templateXlsx } from './template';
import { readUpload } from './upload';
import { undoBatch } from './write';
import { runReaderOf, runVisibleTo } from './run-visibility';

export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
  /** Imports read and checked at once in this process (at most 2 of them one holder's); decision 0059. */
  atOnce?: number;
}

/** Paths whose body is a file of up to RAAHI_IMPORT_MAX_MB (the JSON body limit does not apply; upload.ts has its own). */
export const isImportUpload = (path: string) => path.endsWith('/import') || path.endsWith('/import/preview');

const flag = z.preprocess(
  (v) =>
    v === undefined || v === '' ? false : v === true || v === '1' || v === 'true' || v === 'yes' ? true : v === '0' || v === 'false' || v === 'no' ? false : v,
  z.boolean({ message: 'must be true or false' }),
);
const optionsSchema = z.object({
  mode: z.enum(IMPORT_MODES).default('dry-run'),
  validOnly: flag,
  update: flag,
  overwrite: flag,
  async: flag,
  mapping: z
    .string()
    .max(256 * 1024, 'must be at most 256 KB of JSON')
    .optional(),
});
const OPTION_LABELS = { mode: 'Mode', validOnly: 'Valid only', update: 'Update', overwrite: 'Overwrite', async: 'Async', mapping: 'Mapping' };

/**
 * At most `atOnce` imports read and checked at once in this process, 2 of them one holder's (a user, or an API key
 * apart from its owner): one more answers 429 with Retry-After before its body is read (decision 0059). `hold`
 * takes the slot for the request and gives it back when the answer is made, whatever it is; a run that goes on
 * after the answer (async) takes the slot over with `handOver` and gives it back when it ends.
 */
function importAdmission(atOnce: number) {
  const admission = admissionLimiter('imports', { perServer: atOnce, perUser: Math.min(2, atOnce), retryAfterSeconds: 10 });
  const held = new WeakMap<Request, { release: () => void; handedOver: boolean }>();
  const hold: MiddlewareHandler<AppEnv> = async (c, next) => {
    const actor = actorOf(c);
    const slot = { release: admission.admit(`${actor.type}:${actor.id}`), handedOver: false };
    held.set(c.req.raw, slot);
    try {
      await next();
    } finally {
      if (!slot.handedOver) slot.release();
    }
  };
  const handOver = (c: Context<AppEnv>) => {
    const slot = held.get(c.req.raw)!;
    slot.handedOver = true;
    return slot.release;
  };
  return { hold, handOver };
}

const isAdministrator = (c: Context<AppEnv>) => roleOf(c) === 'administrator';

/** A run its reader may see (run-visibility.ts, decision 0062): their own (a key's: the key's), or any for an administrator, of an area they may view. */
const visibleRun = (c: Context<AppEnv>, run: RunRow | undefined, what: string, pluralOf: (area: string) => string): RunRow =>
  runVisibleTo(runReaderOf(c), run, what, pluralOf);

/**
 * Import routes (packages/domain/src/imports.ts), mounted before the areas' own routes and under their guards:
 * POST /<area>/import[/preview] passes the guard as a create; update mode needs update, the template create,
 * undo delete, each checked here.
 */
export function importRoutes(database: Database, resources: readonly ResourceDefinition[], limits: ImportLimits) {
  const app = new Hono<AppEnv>();
  const readLimits: ReadLimits = { ...CELL_LIMITS, ...zipLimitsFor(limits.maxBytes), maxRows: limits.maxRows };
  const byKey = new Map(resources.map((r) => [r.area.key, r]));
  const admitted = importAdmission(limits.atOnce ?? 4);
  const pluralOf = (key: string) => byKey.get(key)?.area.plural ?? key;

  for (const def of resources) {
    const { area } = def;
    const base = `/${area.key}/import`;

    app.get(`${base}/template`, async (c) => {
      const role = roleOf(c);
      if (!can(role, area.key, 'create')) throw notAllowed(role, `add ${area.plural}`);
      const format = c.req.query('format') ?? 'csv';
      const hidden = hiddenKeysOf(role, area);
      const name = `${area.key}-import-template`;
      if (format === 'xlsx')
        return c.body(new Uint8Array(await templateXlsx(def, hidden)), 200, {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${name}.xlsx"`,
        });
      if (format !== 'csv') throw badRequest('Format must be one of csv, xlsx.');
      return c.body(templateCsv(def, hidden), 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.csv"` });
    });

    app.post(`${base}/preview`, admitted.hold, async (c) => {
      const upload = await readUpload(c, limits.maxBytes);
      const hidden = hiddenKeysOf(roleOf(c), area);
      const file = await openFile(upload.bytes, upload.fileName, readLimits);
      const sample: string[][] = [];
      for await (const row of file.rows) {
        sample.push(row.cells.slice(0, file.header.length));
        if (sample.length === 5) break;
      }
      // A remembered mapping is a person's: a key neither reads nor keeps one (decision 0062).
      const remembered = byApiKey(c) ? undefined : await rememberedMapping(database, c.get('session').user.id, area.key);
      const fits = remembered !== undefined && remembered.length === file.header.length && remembered.every((column, i) => column.header === file.header[i]);
      const preview: ImportPreview = {
        columns: fits ? checkedMapping(def, file.header, remembered, hidden) : matchColumns(def, file.header, hidden),
        fields: importFields(def, hidden),
        sample,
        remembered: fits,
      };
      return c.json(preview);
    });

    app.post(base, admitted.hold, async (c) => {
      const role = roleOf(c);
      const upload = await readUpload(c, limits.maxBytes);
      const parsed = optionsSchema.safeParse(upload.fields);
      if (!parsed.success) throw badRequest(describeIssues(parsed.error, OPTION_LABELS, upload.fields, 'option'));
      const options = parsed.data;
      if (options.update && !can(role, area.key, 'update')) throw notAllowed(role, `edit ${area.plural}`);
      const hidden = hiddenKeysOf(role, area);
      let given: unknown;
      if (options.mapping !== undefined) {
        try {
          given = JSON.parse(options.mapping);
        } catch {
          throw badRequest('The mapping must be JSON: a list of { header, field }, one per column of the file.');
        }
      }
      const file = await openFile(upload.bytes, upload.fileName, readLimits);
      const userId = c.get('session').user.id;
      let columns: ImportColumn[];
      if (given !== undefined) {
        columns = checkedMapping(def, file.header, given, hidden);
        if (!byApiKey(c)) await rememberMapping(database, userId, area.key, columns);
      } else {
        const remembered = byApiKey(c) ? undefined : await rememberedMapping(database, userId, area.key);
        const fits = remembered !== undefined && remembered.length === file.header.length && remembered.every((column, i) => column.header === file.header[i]);
        columns = fits ? checkedMapping(def, file.header, remembered, hidden) : matchColumns(def, file.header, hidden);
      }
      if (options.update && !columns.some((column) => column.field === 'id')) {
        throw badRequest(
          `Update mode matches rows to ${area.plural} by their ID: the file needs an ID column (${importFields(def).at(-1)!.label}), as Export CSV writes it.`,
        );
      }
      if (!columns.some((column) => column.field !== '' && column.field !== 'id')) {
        throw badRequest(`No column of the file matches a field of ${area.plural}. Use the template's headers, or map the columns.`);
      }
      const actor = actorOf(c);
      const commit = options.mode === 'commit';
      const runId = await createRun(database, {
        area: area.key,
        userId,
        apiKeyId: runReaderOf(c).apiKeyId,
        byName: actor.name,
        mode: options.mode,
        update: options.update,
        validOnly: options.validOnly,
        overwrite: options.overwrite,
        mapping: columns,
        fileName: upload.fileName,
      });
      const job = {
        database,
        runId,
        plan: { def, resources, columns, update: options.update, keep: hidden, zone: companyTimeZone() },
        file,
        commit,
        validOnly: options.validOnly,
        overwrite: options.overwrite,
        actor,
      };
      if (options.async) {
        // The run goes on after the answer; its progress is read by GET /api/imports/:id (a failure is saved on the run).
        const release = admitted.handOver(c);
        void executeRun(job)
          .catch(() => undefined)
          .finally(release);
        return c.json(runResult((await readRun(database, runId))!), 202);
      }
      await executeRun(job);
      return c.json(runResult((await readRun(database, runId))!));
    });
  }

  app.get('/imports', async (c) => {
    const area = c.req.query('area') ?? '';
    if (!byKey.has(area)) throw badRequest(`Area must name an area, such as vehicles (got "${area.slice(0, 40)}").`);
    // A person's list (a key was refused before this: decision 0062), of an area their role may view.
    if (byApiKey(c)) throw KEY_REFUSED.recentImports;
    if (!can(roleOf(c), area, 'view')) throw notAllowed(roleOf(c), `view ${pluralOf(area)}`);
    const rows = await recentRuns(database, area, isAdministrator(c) ? null : c.get('session').user.id);
    return c.json({ rows: rows.map((row) => runResult(row)) });
  });

  app.get('/imports/:id', async (c) => c.json(runResult(visibleRun(c, await readRun(database, c.req.param('id')), c.req.param('id').slice(0, 64), pluralOf))));

  // Every error of a run, as the file's row, column and message: the cells echo what the file held, so each goes through the export's formula guard.
  app.get('/imports/:id/errors.csv', async (c) => {
    const run = visibleRun(c, await readRun(database, c.req.param('id')), c.req.param('id').slice(0, 64), pluralOf);
    const encoder = new TextEncoder();
    let after = -1;
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode('\uFEFFRow,Column,Message\r\n'));
          return;
        }
        const page = await database.db
          .select()
          .from(importErrors)
          .where(and(eq(importErrors.runId, run.id), gt(importErrors.seq, after)))
          .orderBy(asc(importErrors.seq))
          .limit(5000);
        if (page.length === 0) return controller.close();
        after = page[page.length - 1].seq;
        controller.enqueue(encoder.encode(page.map((e) => `${e.rowNo},${csvField(e.columnName)},${csvField(e.message)}\r\n`).join('')));
      },
    });
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="import-errors-${run.area}-${todayIn(companyTimeZone())}.csv"`,
    });
  });

  app.delete('/imports/:batchId', async (c) => {
    const batchId = c.req.param('batchId');
    const found = await runOfBatch(database, batchId);
    // Undo needs delete in the area, whoever's the batch; then the batch must be the user's own (an administrator: any).
    const role = roleOf(c);
    if (found && !can(role, found.area, 'delete')) throw notAllowed(role, `delete ${byKey.get(found.area)!.area.plural}`);
    const run = visibleRun(c, found, batchId.slice(0, 64), pluralOf);
    const def = byKey.get(run.area)!;
    if (run.status === 'undone') throw notFound(`The import ${batchId} was already undone.`);
    // On the embedded database a batch is named while its pages are written (decision 0056): undone once it is done.
    if (run.status === 'running') throw new ApiError(409, 'Import Running', `The import ${batchId} is still being written. Undo it when it has finished.`);
    const undone = await undoBatch(database, { def, batchId, actor: actorOf(c), undoBatchId: newBatchId() });
    await saveProgress(database, run.id, { status: 'undone' });
    const answer: ImportUndoResult = { batchId, undone };
    return c.json(answer);
  });

  return app;
}
