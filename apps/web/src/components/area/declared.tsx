import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { derive, todayIn, type AnyField, type DerivedState, type FieldDeclaration } from '@raahi/domain';
import { formatDate, formatDateTime, formatNumber, formatRupees, NA } from '../../lib/format';
import { EntityCell, RatingStars } from './cells';
import type { FieldSpec, FormValues } from './form-fields';
import type { ReferenceSpec } from './reference-picker';
import type { EntityChoice } from './entity-picker';
import { companyTimeZone } from '../../lib/api';

/**
 * The form and the table of a declared area follow from its field declarations: one input per field, in
 * the order declared, and default columns headed by the field's label and formatted by its kind.
 */

/** What of a declared area the form and table need: its fields (any DeclaredArea is one). */
type Declared<F extends Record<string, AnyField>> = { fields: F };
/** The names of an area's fields whose declaration is a reference to another area's record. */
type ReferenceNames<F> = { [K in keyof F]: F[K] extends { kind: 'reference' | 'references' } ? K : never }[keyof F];
/** The names of an area's fields that name a record of one of several areas. */
type EntityNames<F> = { [K in keyof F]: F[K] extends { kind: 'entity' } ? K : never }[keyof F];

/** An entity field's pick-lists, one per area it may name, and the kind the other values make likely. */
export interface EntitySpec {
  choices: readonly EntityChoice[];
  suggest?: (values: FormValues) => string | undefined;
}

function inputKind(declaration: FieldDeclaration<unknown>): FieldSpec['kind'] {
  switch (declaration.kind) {
    case 'text':
      return declaration.multiline ? 'textarea' : (declaration.format ?? 'text');
    case 'choice':
      return 'select';
    case 'rating':
      return 'number';
    case 'flag':
      return 'checkbox';
    default:
      return declaration.kind;
  }
}

/**
 * The form's inputs for every declared field. `references` gives each reference field its pick-list (which
 * records, in which order, the failure text of its screen); a misspelt or missing name fails to compile.
 */
export function formFields<F extends Record<string, AnyField>>(
  area: Declared<F>,
  references: { [K in ReferenceNames<F>]: ReferenceSpec } & { [K in EntityNames<F>]: EntitySpec },
): FieldSpec[] {
  return Object.entries(area.fields as Record<string, FieldDeclaration<unknown>>).map(([name, declaration]) => ({
    name,
    label: declaration.label,
    kind: inputKind(declaration),
    options: declaration.kind === 'choice' || declaration.kind === 'choices' ? declaration.options : undefined,
    optionLabels: declaration.kind === 'choice' ? declaration.labels : undefined,
    reference:
      declaration.kind === 'reference' && declaration.sameAs
        ? { ...(references as Record<string, ReferenceSpec>)[name], filtersFrom: declaration.sameAs }
        : declaration.kind === 'reference' || declaration.kind === 'references'
          ? (references as Record<string, ReferenceSpec>)[name]
          : undefined,
    entities: declaration.kind === 'entity' ? (references as Record<string, EntitySpec>)[name].choices : undefined,
    suggestEntity: declaration.kind === 'entity' ? (references as Record<string, EntitySpec>)[name].suggest : undefined,
    placeholder: declaration.placeholder,
    required: declaration.required,
    wide: declaration.wide,
    step: (declaration.kind === 'number' || declaration.kind === 'rating') && declaration.step !== 'any' ? declaration.step : undefined,
    min: declaration.kind === 'rating' ? 0 : undefined,
    max: declaration.kind === 'rating' || declaration.kind === 'references' ? declaration.max : undefined,
  }));
}

/** A field's value as the table shows it: dates DD/MM/YYYY, ₹ and numbers in Indian grouping, stars, N/A for nothing. */
function formatted(declaration: FieldDeclaration<unknown>, value: unknown): ReactNode {
  if (declaration.kind === 'rating') return <RatingStars value={value as number | null} max={declaration.max} />;
  if (declaration.kind === 'flag') return value === true ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return NA;
  if (declaration.kind === 'date') return formatDate(String(value));
  if (declaration.kind === 'datetime') return formatDateTime(String(value));
  if (declaration.kind === 'number') return formatNumber(Number(value));
  if (declaration.kind === 'money') return formatRupees(Number(value));
  if (Array.isArray(value)) return value.join(', ');
  if (declaration.kind === 'choice') return declaration.labels?.[String(value)] ?? String(value);
  return String(value);
}

/** The default column of a declared field; `overrides` replaces what an area shows differently (a badge, a label). */
export function column<F extends Record<string, AnyField>, R>(area: Declared<F>, name: keyof F & string, overrides: Partial<ColumnDef<R>> = {}): ColumnDef<R> {
  const declaration = (area.fields as Record<string, FieldDeclaration<unknown>>)[name];
  if (declaration.kind === 'entity') {
    // The record named as the API describes it (entityId → entityLabel, entityTitle); an id that names none as it is.
    const base = name.replace(/Id$/, '');
    return {
      id: name,
      header: declaration.label,
      cell: ({ row }) => {
        const record = row.original as Record<string, unknown>;
        return (
          <EntityCell
            id={String(record[name] ?? '')}
            label={record[`${base}Label`] as string | null}
            title={record[`${base}Title`] as string | null}
            area={record[`${base}Area`] as string | null}
          />
        );
      },
      ...overrides,
    };
  }
  // Dates, amounts, numbers and choices (statuses, types) are short and read whole (₹12,34,567.50 cut short would mislead).
  // A phone number is never cut or broken either.
  const dated =
    ['date', 'datetime', 'money', 'number', 'choice', 'rating', 'flag'].includes(declaration.kind) ||
    (declaration.kind === 'text' && declaration.format === 'tel');
  return {
    id: name,
    header: declaration.label,
    cell: ({ row }) => formatted(declaration, (row.original as Record<string, unknown>)[name]),
    ...(dated ? { meta: { keepWhole: true } } : {}),
    ...overrides,
  };
}

/** The state a record is in today, in the company's zone (as the server judges it): the same declaration the server filters by. */
export function derivedState(area: { derived?: Record<string, DerivedState> }, name: string, row: object): string {
  const zone = companyTimeZone();
  return derive(area.derived![name], row as Record<string, unknown>, todayIn(zone), zone);
}
