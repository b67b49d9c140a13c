import { and, getTableColumns, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { firstFailure, hasControlCharacter, type Actor, type FieldChange, type ImportColumn, type ImportRowError } from '@raahi/domain';
import { z } from 'zod';
import type { Database } from '../db/client';
import { ApiError, describeIssues } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import { withoutKept } from '../operations/context';
import { checkEntities, checkReferences } from '../operations/link-checks';
import { parseInput, toRow } from '../operations/parse-input';
import { recordSelection } from '../operations/stored-record';
import { fieldsOf, idHeaderOf, VERSION_FIELD } from './mapping';
import { linkFields, resolveLinks } from './natural-keys';
import type { FileRow } from './read-file';
import { cellValue } from './values';

/** Rows whose link checks run at once: PostgreSQL answers them on several pooled connections (PGlite one after another). */
const LINK_CHECKS_AT_ONCE = 8;

/** `work` over the items, at most `limit` at a time; the answers in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * An error's text as it is kept and shown: what it echoes of the file (a header, a link's text) without control
 * characters (a NUL, which PostgreSQL cannot store, or a line break inside a CSV cell of the errors file).
 */
function printable(text: string): string {
  let out = '';
  for (const c of text) out += c < ' ' || c === '\u007f' ? ' ' : c;
  return out;
}

/** What a commit answers when another import wrote its rows meanwhile (decision 0061). */
export const ANOTHER_IMPORT_WROTE =
  'The file was checked, then another import wrote these rows (or someone saved the same values) before it could. Nothing was imported; check the file again.';

/** Who the check's rehearsal of the afterWrite hooks writes as: it is always rolled back. */
const REHEARSAL_ACTOR: Actor = { type: 'system', id: 'import-check', name: 'Import check' };

/** A row that passed every check: the input as the operation prepared it (update mode: its record, version and whether anything differs). */
export interface CheckedRow {
  row: number;
  input: Record<string, unknown>;
  recordId?: string;
  version?: number;
  /**
   * Update mode, a conflict: the record changed since the export the file came from (its Version), and these are
   * the fields the file would change that were changed since (decision 0061). Written only when overwriting.
   */
  conflict?: string[];
}

/** A row whose record is past the file's Version: how many versions since, and the fields the file would change. */
interface Stale {
  since: number;
  fields: string[];
}

export interface ImportPlan {
  def: ResourceDefinition;
  /** Every resource, to find the areas links name. */
  resources: readonly ResourceDefinition[];
  columns: readonly ImportColumn[];
  update: boolean;
  /** Fields the actor may not see: left out of a create, kept as stored by an update. */
  keep: readonly string[];
  zone: string;
}

/**
 * The check of an import, a batch of rows at a time: every row goes through what a save through the form
 * or the API goes through (parseInput: the shape, the area's computed values and rules with the
 * specification's messages; the link checks; the unique values, within the file and against the database),
 * and nothing is written. Links named by natural keys are resolved one query per batch and way of naming.
 * State across batches: the unique values seen so far in the file.
 */
export function importChecker(database: Database, plan: ImportPlan, options: { concurrentSince?: Date } = {}) {
  const { def, columns, update } = plan;
  const fields = fieldsOf(def);
  const labels = def.area.fieldLabels as Record<string, string>;
  const { all, selected } = recordSelection(def);
  const headerOf = new Map(columns.filter((c) => c.field !== '').map((c) => [c.field, c.header]));
  /** An error's column: the file's header of the field, or the field's label when no column fills it. */
  const columnOf = (field: string | undefined) => (field === undefined ? '' : (headerOf.get(field) ?? labels[field] ?? field));
  const mapped = columns.map((c, index) => ({ ...c, index })).filter((c) => c.field !== '' && c.field !== 'id' && c.field !== VERSION_FIELD);
  const idIndex = columns.findIndex((c) => c.field === 'id');
  // Update mode reads the version the export wrote; a create leaves it out.
  const versionIndex = update ? columns.findIndex((c) => c.field === VERSION_FIELD) : -1;
  const links = linkFields(def).filter((link) => headerOf.has(link.field));
  const inputFields = Object.keys((def.area.input as z.ZodObject).shape);
  const conditionalRefs = (def.references ?? []).filter((ref) => ref.linkableWhen || ref.unlinkableWhen);
  const unique = (def.uniqueValues ?? []).filter((u) => u.keyOf);
  /** Unique values seen so far in the file: index → key → the row that holds it. */
  const seen = new Map<string, Map<string, number>>(unique.map((u) => [u.index, new Map()]));

  /** A record as stored, given back as a request body (dates as ISO text), with its version. */
  const asBody = (record: Record<string, unknown>) =>
    Object.fromEntries(inputFields.map((name) => [name, record[name] instanceof Date ? (record[name] as Date).toISOString() : record[name]]));

  /** The errors of a refused parse, one per field at fault, each in parseInput's words. */
  function parseErrors(err: ApiError, body: Record<string, unknown>, row: number): ImportRowError[] {
    if (err.status === 400) {
      const schema = update ? def.area.input.extend({ version: z.number() }) : def.area.input;
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        return parsed.error.issues.map((issue) => ({
          row,
          column: columnOf(String(issue.path[0] ?? '')),
          message: describeIssues(new z.ZodError([issue]), labels, body),
        }));
    }
    if (err.status === 422) {
      const prepared = def.area.prepare ? def.area.prepare(body) : body;
      const failure = firstFailure(def.area.rules, prepared);
      const fields = failure?.fields ?? [];
      if (fields.length > 0) return fields.map((field) => ({ row, column: columnOf(field), message: `${err.title}: ${err.message}` }));
    }
    return [{ row, column: '', message: `${err.title}: ${err.message}` }];
  }

  /** The fields a unique value's key depends on (the key changes when the field is blank). */
  const keyFields = (u: (typeof unique)[number], input: Record<string, unknown>, key: string) =>
    Object.keys(input).filter((name) => u.keyOf!({ ...input, [name]: fields[name]?.blank ?? '' }) !== key);

  /**
   * The area's afterWrite hook (the checks a save makes inside its transaction, on other records: a cost record's trip
   * of its own vehicle, a schedule's last done km not above the vehicle's odometer, a job card's schedule of its
   * vehicle) on each row as it would be saved, in one transaction per batch that is always rolled back: its refusals
   * are the rows' errors, in its words. What a refused row's hook wrote before refusing stays in the rehearsal, which
   * is rolled back.
   */
  async function hookRefusals(items: readonly (CheckedRow & { previous?: Record<string, unknown> })[]): Promise<ImportRowError[]> {
    const hook = def.afterWrite;
    if (!hook || items.length === 0) return [];
    const refusals: ImportRowError[] = [];
    const rehearsed = Symbol('rehearsed');
    await database
      .transaction(async (tx) => {
        for (const item of items) {
          // The record as the write would read it back (blanks as null, date-times as Dates); a new one has no id yet.
          const values = toRow(all, item.input);
          const saved = item.previous ? { ...item.previous, ...values, version: Number(item.previous.version) + 1 } : { ...values, id: '', version: 1 };
          try {
            await hook(tx, saved, item.previous ?? null, REHEARSAL_ACTOR);
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            refusals.push({ row: item.row, column: columnOf(err.field), message: `${err.title}: ${err.message}` });
          }
        }
        throw rehearsed;
      })
      .catch((err: unknown) => {
        if (err !== rehearsed) throw err;
      });
    return refusals;
  }

  /**
   * Update mode: of the valid rows whose record is past the file's Version, the conflicts (decision 0061). What
   * changed since the export is read from each record's history: a version moves on once per save, and a save that
   * changes a field leaves an update entry naming it (one that changes nothing leaves none), so the record's last
   * `since` update entries hold every change made since. A row is a conflict when the file would change a field one
   * of them changed; one whose changes since touch none of the fields the file changes overwrites nothing, and is
   * written as before. A file's Version past the record's (typed by hand) cannot be placed: every field it changes.
   * One query per batch.
   */
  async function markConflicts(items: (CheckedRow & { stale?: Stale })[]): Promise<void> {
    const stale = items.filter((item) => item.stale);
    if (stale.length === 0) return;
    const wanted = stale.filter((item) => item.stale!.since > 0).map((item) => ({ id: item.recordId!, k: item.stale!.since }));
    const entries = wanted.length
      ? await database.query<{ record_id: string; changes: FieldChange[] | null }>(
          `SELECT x.id AS record_id, c.changes FROM jsonb_to_recordset($2::jsonb) AS x(id text, k int)
           CROSS JOIN LATERAL (SELECT changes FROM change_log WHERE area = $1 AND record_id = x.id AND operation = 'update' ORDER BY id DESC LIMIT x.k) c`,
          [def.area.key, JSON.stringify(wanted)],
        )
      : [];
    const changedSince = new Map<string, Set<string>>();
    for (const entry of entries)
      for (const change of entry.changes ?? []) changedSince.set(entry.record_id, (changedSince.get(entry.record_id) ?? new Set()).add(change.field));
    for (const item of stale) {
      const { since, fields } = item.stale!;
      const changed = changedSince.get(item.recordId!);
      const conflict = since > 0 ? fields.filter((field) => changed?.has(field)) : fields;
      if (conflict.length > 0) item.conflict = conflict;
    }
  }

  /**
   * A commit whose rows' unique values are held by records another import wrote while this one ran (one writing, or
   * whose last step, its heartbeat, came after this run started: two commits of one file at once) is that import's
   * conflict, not the file's errors: 409 in words, as when the write itself meets them (write.ts).
   */
  async function refuseConcurrentImport(holders: string[]): Promise<void> {
    if (!options.concurrentSince || holders.length === 0) return;
    const [found] = await database.query<{ record_id: string }>(
      `SELECT c.record_id FROM change_log c JOIN import_runs r ON r.batch_id = c.batch_id
       WHERE c.area = $1 AND c.record_id = ANY($2::text[]) AND c.operation = 'create' AND (r.status = 'running' OR r.heartbeat_at >= $3) LIMIT 1`,
      [def.area.key, holders, options.concurrentSince.toISOString()],
    );
    if (found) throw new ApiError(409, 'Import Conflict', ANOTHER_IMPORT_WROTE);
  }

  return async function checkBatch(rows: readonly FileRow[]): Promise<{ valid: CheckedRow[]; errors: ImportRowError[]; unchanged: number }> {
    const errors: ImportRowError[] = [];
    const perRow = rows.map((fileRow) => {
      const values: Record<string, unknown> = {};
      const rowErrors: ImportRowError[] = [];
      for (const column of mapped) {
        const field = fields[column.field];
        const text = fileRow.cells[column.index] ?? '';
        const converted = cellValue(field, text, plan.zone);
        if ('error' in converted) rowErrors.push({ row: fileRow.row, column: column.header, message: `${field.label} ${converted.error}.` });
        else values[column.field] = converted.value;
      }
      const id = idIndex >= 0 ? (fileRow.cells[idIndex] ?? '').trim() : '';
      const versionText = versionIndex >= 0 ? (fileRow.cells[versionIndex] ?? '').trim() : '';
      let exported: number | undefined;
      if (/^[0-9]{1,9}$/.test(versionText) && Number(versionText) >= 1) exported = Number(versionText);
      else if (versionText !== '')
        rowErrors.push({
          row: fileRow.row,
          column: columns[versionIndex].header,
          message: 'Version must be a whole number of 1 or more, as the export writes it.',
        });
      return { fileRow, values, rowErrors, id, exported };
    });

    // Links by their natural keys: one query per linked area and way of naming, for the whole batch.
    for (const link of links) {
      const target = plan.resources.find((r) => r.area.key === link.area);
      if (!target) continue;
      const texts = new Set<string>();
      for (const { values } of perRow) {
        const value = values[link.field];
        for (const text of Array.isArray(value) ? value : [value]) if (typeof text === 'string' && text !== '') texts.add(text);
      }
      if (texts.size === 0) continue;
      const resolved = await resolveLinks(database, target, [...texts]);
      for (const item of perRow) {
        const value = item.values[link.field];
        if (value === undefined || value === null || value === '') continue;
        const ids: string[] = [];
        for (const text of Array.isArray(value) ? (value as string[]) : [value as string]) {
          const found = resolved.get(text)!;
          if ('error' in found) item.rowErrors.push({ row: item.fileRow.row, column: columnOf(link.field), message: `${labels[link.field]}: ${found.error}.` });
          else ids.push(found.id);
        }
        item.values[link.field] = link.many ? ids : ids[0];
      }
    }

    // Update mode: each row's record, by its ID column.
    const stored = new Map<string, Record<string, unknown>>();
    if (update) {
      const ids = [...new Set(perRow.map((item) => item.id).filter((id) => id !== '' && id.length <= 64 && !hasControlCharacter(id)))];
      if (ids.length > 0)
        for (const record of (await database.db.select(selected).from(def.table).where(inArray(all.id, ids))) as Record<string, unknown>[])
          stored.set(String(record.id), record);
    }

    const checked: (CheckedRow & { previous?: Record<string, unknown>; stale?: Stale })[] = [];
    let unchanged = 0;
    for (const { fileRow, values, rowErrors, id, exported } of perRow) {
      if (rowErrors.length > 0) {
        errors.push(...rowErrors);
        continue;
      }
      const row = fileRow.row;
      let body: Record<string, unknown>;
      let previous: Record<string, unknown> | undefined;
      if (update) {
        previous = stored.get(id);
        if (!previous) {
          errors.push({
            row,
            column: columnOf('id'),
            message: id === '' ? `The ${idHeaderOf(def)} is required to update a record.` : `No ${def.area.singular} has the id ${id}.`,
          });
          continue;
        }
        const was = asBody(previous);
        // A date-time the file shows to the minute (as an export writes it) that is the stored one keeps its seconds.
        for (const [name, value] of Object.entries(values)) {
          if (
            fields[name]?.kind === 'datetime' &&
            typeof value === 'string' &&
            typeof was[name] === 'string' &&
            value.slice(0, 16) === String(was[name]).slice(0, 16) &&
            value.slice(16, 19) === ':00'
          )
            values[name] = was[name];
        }
        body = { ...was, ...values, version: previous.version };
      } else body = { ...def.area.defaults(), ...values };
      let input: Record<string, unknown>;
      try {
        input = parseInput(def, body, update, update ? asBody(previous!) : undefined);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        errors.push(...parseErrors(err, body, row));
        continue;
      }
      const { version, ...prepared } = input;
      input = withoutKept(prepared, plan.keep);
      let stale: Stale | undefined;
      if (update) {
        const was = asBody(previous!);
        const changing = Object.keys(input).filter((name) => JSON.stringify(input[name] ?? null) !== JSON.stringify(was[name] ?? null));
        if (changing.length === 0) {
          unchanged++;
          continue;
        }
        if (exported !== undefined && exported !== previous!.version) stale = { since: Number(previous!.version) - exported, fields: changing };
      }
      checked.push({ row, input, recordId: update ? id : undefined, version: update ? (version as number) : undefined, previous, stale });
    }

    // Links whose records must hold (or must not hold) some values, and records of several areas: the operation's
    // own checks, one link at a time so that a refusal names its column.
    // The linked records' values the conditions name, one query per link and batch: a row whose linked records meet
    // them would pass the operation's check, which then runs only for the others (for its refusal, in its words).
    const linkedValues = new Map<string, Map<string, Record<string, unknown>>>();
    for (const ref of conditionalRefs) {
      const ids = [
        ...new Set(
          checked.flatMap((item) => (typeof item.input[ref.field] === 'string' && item.input[ref.field] !== '' ? [item.input[ref.field] as string] : [])),
        ),
      ];
      const columns = getTableColumns(ref.table) as Record<string, PgColumn>;
      const named = [...Object.keys(ref.linkableWhen?.values ?? {}), ...Object.keys(ref.unlinkableWhen ?? {})];
      const rows = ids.length
        ? ((await database.db
            .select({ id: columns.id, ...Object.fromEntries(named.map((name) => [name, columns[name]])) })
            .from(ref.table)
            .where(inArray(columns.id, ids))) as Record<string, unknown>[])
        : [];
      linkedValues.set(ref.field, new Map(rows.map((row) => [String(row.id), row])));
    }
    const meetsConditions = (ref: (typeof conditionalRefs)[number], id: string) => {
      const linked = linkedValues.get(ref.field)?.get(id);
      if (!linked) return false;
      const barred = Object.entries(ref.unlinkableWhen ?? {}).some(([name, values]) => values.includes(String(linked[name])));
      const unmet = Object.entries(ref.linkableWhen?.values ?? {}).some(([name, wanted]) => linked[name] !== wanted);
      return !barred && !unmet;
    };
    const refusals = await inParallel(checked, LINK_CHECKS_AT_ONCE, async (item): Promise<ImportRowError | undefined> => {
      const previous = item.previous && asBody(item.previous);
      const refusedAs =
        (field: string) =>
        (err: unknown): ImportRowError => {
          if (!(err instanceof ApiError)) throw err;
          return { row: item.row, column: columnOf(field), message: `${err.title}: ${err.message}` };
        };
      for (const ref of conditionalRefs) {
        if (item.input[ref.field] === null || item.input[ref.field] === '' || meetsConditions(ref, String(item.input[ref.field]))) continue;
        const refused = await checkReferences(database, { ...def, references: [ref] }, item.input, previous).then(() => undefined, refusedAs(ref.field));
        if (refused) return refused;
      }
      for (const entity of def.entities ?? []) {
        if (!item.input[entity.field]) continue;
        const refused = await checkEntities(database, { ...def, entities: [entity] }, item.input, previous).then(() => undefined, refusedAs(entity.field));
        if (refused) return refused;
      }
      return undefined;
    });
    const linked = checked.filter((_, i) => !refusals[i]);
    errors.push(...refusals.filter((e): e is ImportRowError => e !== undefined));

    // Unique values: within the file (the first row keeps it), then against the records stored (one query per value and batch).
    const refusedRows = new Set<number>();
    /** The stored records holding a value of the file. */
    const heldNow = new Set<string>();
    for (const u of unique) {
      const inFile = seen.get(u.index)!;
      const keyed: { item: (typeof linked)[number]; key: string }[] = [];
      for (const item of linked) {
        if (refusedRows.has(item.row)) continue;
        const key = u.keyOf!(item.input);
        if (key === null) continue;
        const first = inFile.get(key);
        if (first !== undefined) {
          refusedRows.add(item.row);
          const [field] = keyFields(u, item.input, key);
          errors.push({
            row: item.row,
            column: columnOf(field),
            message: `Row ${first} of this file has the same ${labels[field] ?? 'value'}: a value one ${def.area.singular} at most may hold.`,
          });
          continue;
        }
        inFile.set(key, item.row);
        keyed.push({ item, key });
      }
      if (keyed.length === 0) continue;
      const conditions = keyed
        .map(({ item }) => and(u.heldBy(all, item.input), item.recordId ? ne(all.id, item.recordId) : undefined))
        .filter((c): c is SQL => c !== undefined);
      const holders = (await database.db
        .select(selected)
        .from(def.table)
        .where(or(...conditions))) as Record<string, unknown>[];
      const heldBy = new Map<string, Record<string, unknown>>();
      for (const holder of holders) {
        const key = u.keyOf!(holder);
        if (key !== null && !heldBy.has(key)) heldBy.set(key, holder);
      }
      for (const { item, key } of keyed) {
        const holder = heldBy.get(key);
        if (!holder || holder.id === item.recordId) continue;
        refusedRows.add(item.row);
        heldNow.add(String(holder.id));
        const { title, message } = u.refusal(holder, item.input);
        const [field] = keyFields(u, item.input, key);
        errors.push({ row: item.row, column: columnOf(field), message: `${title}: ${message}` });
      }
    }
    await refuseConcurrentImport([...heldNow]);
    const passed = linked.filter((item) => !refusedRows.has(item.row));
    for (const refusal of await hookRefusals(passed)) {
      refusedRows.add(refusal.row);
      errors.push(refusal);
    }
    const valid = passed.filter((item) => !refusedRows.has(item.row));
    await markConflicts(valid);
    errors.sort((a, b) => a.row - b.row);
    return {
      valid: valid.map(({ previous: _previous, stale: _stale, ...item }) => item),
      errors: errors.map((e) => ({ row: e.row, column: printable(e.column), message: printable(e.message) })),
      unchanged,
    };
  };
}
