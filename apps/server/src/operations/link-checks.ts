import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { beingImported, beingImportedMessage } from '../imports/being-imported';
import type { ResourceDefinition } from '../http/resource';
import { recordSelection } from './stored-record';

const orList = (values: readonly string[]) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`);

/**
 * Every linked record must exist; one linked anew (not already linked by the stored record, `previous`) must
 * also hold the values its link asks for (an order is placed on an Approved quotation) and none it refuses
 * (a trip's vehicle that is Sold). A link `checkedWhile` the record has some values is checked only then,
 * and again when those values change (a Delivered trip is set back to In Transit).
 */
export async function checkReferences(
  database: Pick<Database, 'db'>,
  def: ResourceDefinition,
  input: Record<string, unknown>,
  previous?: Record<string, unknown>,
) {
  for (const ref of def.references ?? []) {
    const value = input[ref.field];
    const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && id !== '');
    if (ids.length === 0) continue;
    const columns = getTableColumns(ref.table) as Record<string, PgColumn>;
    const conditions = Object.entries(ref.linkableWhen?.values ?? {});
    const refused = Object.entries(ref.unlinkableWhen ?? {});
    const named = [...conditions, ...refused].map(([name]) => name);
    const rows = await database.db
      .select({
        id: columns.id,
        ...Object.fromEntries(named.map((name) => [name, columns[name]])),
        ...(ref.label && refused.length ? { label: ref.label(sql`${ref.table}.${sql.identifier(columns.id.name)}`) } : {}),
      })
      .from(ref.table)
      .where(inArray(columns.id, ids));
    const found = new Map(rows.map((row) => [row.id as string, row as Record<string, unknown>]));
    const gone = ids.find((id) => !found.has(id));
    if (gone) throw new ApiError(409, 'Linked Record Missing', `The selected ${ref.noun} (${gone}) does not exist. It may have been deleted; choose another.`);
    const importing = [...(await beingImported(database, ids))];
    if (importing.length > 0) throw new ApiError(409, 'Record Being Imported', beingImportedMessage(ref.noun, importing[0]));
    const kept = previous?.[ref.field];
    const during = Object.entries(ref.checkedWhile ?? {});
    if (!during.every(([name, values]) => values.includes(String(input[name])))) continue;
    const recheck = previous !== undefined && during.some(([name]) => previous[name] !== input[name]);
    for (const id of ids) {
      if (!recheck && (id === kept || (Array.isArray(kept) && kept.includes(id)))) continue;
      const linked = found.get(id)!;
      const barred = refused.find(([name, values]) => values.includes(String(linked[name])));
      if (barred) {
        const [name, values] = barred;
        const which = during.length ? ` that is ${during.map(([, v]) => orList(v)).join(' and ')}` : '';
        throw new ApiError(
          422,
          `${ref.noun[0].toUpperCase()}${ref.noun.slice(1)} Unavailable`,
          `${String(linked.label ?? id)} is ${String(linked[name])}. A ${def.area.singular}${which} cannot use a ${ref.noun} that is ${orList(values)}; choose another ${ref.noun}.`,
        );
      }
      const unmet = conditions.find(([name, wanted]) => found.get(id)![name] !== wanted);
      if (unmet) {
        const [name, wanted] = unmet;
        const label = ref.linkableWhen!.labels[name] ?? name;
        throw new ApiError(
          422,
          'Invalid Link',
          `Only ${ref.plural ?? ref.noun + 's'} whose ${label} is ${wanted} can be linked: ${id} is ${String(found.get(id)![name])}.`,
        );
      }
    }
  }
}

/** Each entity field chosen anew (not the stored record's, `previous`) must name a record of one of its tables. */
export async function checkEntities(
  database: Pick<Database, 'db'>,
  def: ResourceDefinition,
  input: Record<string, unknown>,
  previous?: Record<string, unknown>,
) {
  for (const entity of def.entities ?? []) {
    const id = input[entity.field];
    if (typeof id !== 'string' || id === '' || id === previous?.[entity.field]) continue;
    let found = false;
    for (const { table } of entity.targets) {
      const idColumn = (getTableColumns(table) as Record<string, PgColumn>).id;
      found = (await database.db.select({ id: idColumn }).from(table).where(eq(idColumn, id))).length > 0;
      if (found) break;
    }
    if (found && (await beingImported(database, [id])).size > 0) throw new ApiError(409, 'Record Being Imported', beingImportedMessage('record', id));
    if (!found) {
      const nouns = entity.targets.map((t) => t.noun);
      const either = nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} or ${nouns.at(-1)}` : nouns[0];
      throw new ApiError(422, 'Invalid Link', `The ${entity.label} ${id} names no ${either}. Choose one from the list, or none.`);
    }
  }
}

/** A unique index's violation answered in words, naming the record that holds the value (null when it is not one of ours). */
export async function uniqueRefusal(
  database: Pick<Database, 'db'>,
  def: ResourceDefinition,
  err: unknown,
  input: Record<string, unknown>,
  ownId?: string,
): Promise<ApiError | null> {
  const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  const unique = cause.code === '23505' ? def.uniqueValues?.find((u) => u.index === cause.constraint) : undefined;
  if (!unique) return null;
  const { all, selected } = recordSelection(def);
  const [holder] = await database.db
    .select(selected)
    .from(def.table)
    .where(and(unique.heldBy(all, input), ownId === undefined ? undefined : ne(all.id, ownId)))
    .limit(1);
  if (!holder) return null; // gone meanwhile: the generic answer
  const { title, message } = unique.refusal(holder, input);
  return new ApiError(409, title, message);
}
