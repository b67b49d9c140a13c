import { and, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Condition, DerivedState } from '@raahi/domain';
import { companyTimeZone } from '../company-time';

/**
 * A derived state's declaration (packages/domain/src/derived.ts) in SQL, so that the list's filter finds
 * exactly the rows whose badge shows the value. `today` is the user's date (a placeholder or a value).
 * Positive conditions stay plain so the planner can use an index (expiry_date BETWEEN today AND today + 30);
 * negated ones treat an unknown (NULL) as not holding, as the badge does.
 */
const days = (n: number | undefined) => sql.raw(String(Math.trunc(n ?? 0)));

/**
 * A date-time column is judged by its days in the company's zone: a day's start there as an instant. A
 * resource's derived column (an SQL value such as a schedule's due date, resource derivedColumns) is a date.
 */
const isInstant = (column: PgColumn) => 'columnType' in column && (column.columnType === 'PgTimestamp' || column.getSQLType().startsWith('timestamp'));
const zone = () => sql.raw(`'${companyTimeZone()}'`);
/** The start of the day (today + n) in the column's terms: a date, or that day's first instant in the company's zone. */
const dayStart = (column: PgColumn, today: unknown, n: number | undefined): SQL =>
  isInstant(column) ? sql`((${today}::date + ${days(n)})::timestamp AT TIME ZONE ${zone()})` : sql`(${today}::date + ${days(n)})`;
/** The first day of today's month (plus months), likewise. */
const monthStart = (column: PgColumn, today: unknown, months: 0 | 1): SQL => {
  const start = sql`(date_trunc('month', ${today}::date::timestamp) + interval '${sql.raw(String(months))} month')`;
  return isInstant(column) ? sql`(${start} AT TIME ZONE ${zone()})` : sql`${start}::date`;
};

function conditionSql(condition: Condition, columns: Record<string, PgColumn>, today: unknown): SQL {
  if ('all' in condition) return and(...condition.all.map((c) => conditionSql(c, columns, today)))!;
  if ('any' in condition) return or(...condition.any.map((c) => conditionSql(c, columns, today)))!;
  if ('not' in condition) return notHolding(conditionSql(condition.not, columns, today));
  if ('blank' in condition) {
    const column = columns[condition.blank];
    return column.notNull ? sql`${column} = ''` : isNull(column);
  }
  if ('in' in condition) return inArray(columns[condition.in], [...condition.values]);
  if ('atMost' in condition)
    return condition.plus
      ? sql`${columns[condition.atMost]} <= ${columns[condition.other]} + ${days(condition.plus)}`
      : sql`${columns[condition.atMost]} <= ${columns[condition.other]}`;
  if ('before' in condition) return sql`${columns[condition.before]} < ${dayStart(columns[condition.before], today, condition.days)}`;
  if ('onOrAfter' in condition) return sql`${columns[condition.onOrAfter]} >= ${dayStart(columns[condition.onOrAfter], today, condition.days)}`;
  if ('thisMonth' in condition) {
    const column = columns[condition.thisMonth];
    return sql`${column} >= ${monthStart(column, today, 0)} AND ${column} < ${monthStart(column, today, 1)}`;
  }
  const column = columns[condition.within];
  if (isInstant(column)) return sql`${column} >= ${dayStart(column, today, 0)} AND ${column} < ${dayStart(column, today, condition.days + 1)}`;
  return sql`${column} >= ${today}::date AND ${column} <= ${today}::date + ${days(condition.days)}`;
}

const notHolding = (condition: SQL) => sql`NOT coalesce((${condition}), false)`;

/** A record's derived state today as an SQL value, for sorting by it (the cases in order, as the badge takes them). */
export function derivedValue(state: DerivedState, columns: Record<string, PgColumn>, today: unknown): SQL {
  const cases = state.cases.map(({ value, when }) => sql`WHEN ${conditionSql(when, columns, today)} THEN ${value}::text`);
  const otherwise = typeof state.otherwise === 'string' ? sql`${state.otherwise}::text` : sql`${columns[state.otherwise.field]}`;
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${otherwise} END)`;
}

/** Rows whose derived state today is `value`: a case giving it holds and no earlier case does. */
export function derivedFilter(state: DerivedState, columns: Record<string, PgColumn>, value: string, today: unknown): SQL {
  const earlier: SQL[] = [];
  const matches: SQL[] = [];
  for (const { value: given, when } of state.cases) {
    const condition = conditionSql(when, columns, today);
    if (given === value) matches.push(and(condition, ...earlier.map(notHolding))!);
    earlier.push(condition);
  }
  const noCase = earlier.map(notHolding);
  if (typeof state.otherwise === 'string') {
    if (state.otherwise === value) matches.push(noCase.length ? and(...noCase)! : sql`true`);
  } else {
    matches.push(and(sql`${columns[state.otherwise.field]} = ${value}`, ...noCase)!);
  }
  return matches.length ? or(...matches)! : sql`false`;
}
