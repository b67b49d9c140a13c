import { inArray, sql, type SQL } from 'drizzle-orm';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from '@raahi/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { ResourceDefinition } from '../http/resource';
import { recordSelection } from '../operations/stored-record';
import { recordKey } from '../resources/unique-values';
import { beingImported } from './being-imported';
import { fieldsOf } from './mapping';

/**
 * How a file names a linked record: by the values people know it by (a vehicle by its plate, a driver by
 * licence number or by name), declared here as data; every area is also found by its id and by the label
 * its pick-list shows (what an export writes). `record-key` compares as the unique index does (case,
 * spaces and dashes ignored: migration 0023's record_key); `text` ignores case.
 */
const NATURAL_KEYS: Record<string, readonly { field: string; match: 'record-key' | 'text'; noun: string }[]> = {
  vehicles: [{ field: 'licensePlate', match: 'record-key', noun: 'license plate' }],
  drivers: [
    { field: 'license', match: 'record-key', noun: 'license number' },
    { field: 'name', match: 'text', noun: 'name' },
  ],
  'partner-fuel-stations': [{ field: 'name', match: 'text', noun: 'name' }],
};

export type Resolved = { id: string } | { error: string };

const BY = (keys: readonly { noun: string }[], labelled: boolean) => [...keys.map((k) => k.noun), 'id', ...(labelled ? ['name as its list shows it'] : [])];
const orList = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

/**
 * Resolves the texts a batch's cells give for links to one area, in one query per way of naming (id, each
 * natural key, the label), each only for the texts not yet found: text → the record's id, or an error when
 * it names none or several.
 */
export async function resolveLinks(database: Pick<Database, 'db'>, target: ResourceDefinition, texts: readonly string[]): Promise<Map<string, Resolved>> {
  const result = new Map<string, Resolved>();
  // Only texts that can name a record are looked up (a NUL would fail the query: PostgreSQL cannot hold one in text).
  const left = new Set(texts.filter((text) => text !== '' && text.length <= 200 && !hasControlCharacter(text)));
  for (const text of texts) if (text.length > 200) result.set(text, { error: 'is too long to name a record' });
  for (const text of texts) if (text.length <= 200 && hasControlCharacter(text)) result.set(text, { error: CONTROL_CHARACTERS_MESSAGE });
  const { all } = recordSelection(target);
  const keys = NATURAL_KEYS[target.area.key] ?? [];
  const settle = (found: { id: string; key: string }[], keyOf: (text: string) => string) => {
    const byKey = new Map<string, string[]>();
    for (const row of found) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.id]);
    for (const text of [...left]) {
      const ids = byKey.get(keyOf(text));
      if (!ids) continue;
      left.delete(text);
      const unique = [...new Set(ids)];
      result.set(
        text,
        unique.length === 1
          ? { id: unique[0] }
          : {
              error: `"${text}" matches ${unique.length} ${target.area.plural} (${unique.slice(0, 3).join(', ')}); give its ${orList(BY(keys, false).filter((noun) => noun !== 'name'))} instead`,
            },
      );
    }
  };
  const query = async (value: SQL | PgColumn, compare: SQL, wanted: string[]) =>
    wanted.length === 0
      ? []
      : ((await database.db
          .select({ id: all.id, key: sql<string>`${value}` })
          .from(target.table)
          .where(inArray(compare, wanted))) as { id: string; key: string }[]);
  // 1. By id, exactly.
  settle(await query(all.id, sql`${all.id}`, [...left]), (text) => text);
  // 2. By each natural key, in order (a licence number before a name).
  for (const key of keys) {
    const column = all[key.field];
    if (key.match === 'record-key') {
      const keyed = sql`record_key(${column})`;
      settle(await query(keyed, keyed, [...new Set([...left].map(recordKey))]), recordKey);
    } else {
      const lowered = sql`lower(${column})`;
      settle(await query(lowered, lowered, [...new Set([...left].map((t) => t.toLowerCase()))]), (text) => text.toLowerCase());
    }
  }
  // 3. By the label its pick-list shows (what an export writes: 'Tata Prima (MH12AB1234)').
  if (target.label && left.size > 0) {
    const label = sql`lower(${target.label.of(all)})`;
    settle(await query(label, label, [...new Set([...left].map((t) => t.toLowerCase()))]), (text) => text.toLowerCase());
  }
  for (const text of left) result.set(text, { error: `"${text}" matches no ${target.area.singular}; give its ${orList(BY(keys, Boolean(target.label)))}` });
  // A record of an import still being written cannot be linked: that import may yet be taken back.
  const found = [...result.entries()].flatMap(([text, r]) => ('id' in r ? [[text, r.id] as const] : []));
  const importing = await beingImported(database, [...new Set(found.map(([, id]) => id))]);
  for (const [text, id] of found)
    if (importing.has(id))
      result.set(text, { error: `"${text}" names the ${target.area.singular} ${id}, which is being imported: link it once its import has finished` });
  return result;
}

/** The link fields of an area and the areas they name. */
export function linkFields(def: ResourceDefinition): { field: string; area: string; many: boolean }[] {
  return Object.entries(fieldsOf(def)).flatMap(([field, f]): { field: string; area: string; many: boolean }[] =>
    f.kind === 'reference' ? [{ field, area: f.area, many: false }] : f.kind === 'references' ? [{ field, area: f.area, many: true }] : [],
  );
}
