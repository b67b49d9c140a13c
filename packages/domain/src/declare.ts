import { z } from 'zod';
import type { AreaDefinition } from './area';
import type { AreaKey } from './areas';
import type { DerivedState } from './derived';
import { FILE_ID_PATTERN, fileRef, isEmailAddress, isoDate, isoDateTime, text } from './fields';
import type { IdFormat } from './ids';
import { requireFields, type Rule, type RuleFailure } from './rules';

/**
 * An area's fields, declared once. From each declaration follow the API's input schema, the labels in
 * messages, the defaults, the list's filters and sorts, the form's inputs and the table's default
 * columns. The database table stays a reviewed SQL migration; a test holds the two together.
 */
interface FieldOptions<T> {
  label: string;
  /** Marks the label and joins the area's required-fields rule (whose text the area gives). */
  required?: boolean;
  /** The value of a new record (a function for values of the day, such as today). */
  default?: T | (() => T);
  /** The list can be sorted by it. */
  sort?: boolean;
  /**
   * The list can be filtered by it: by its listed options, or (for open choices) by the values present.
   * 'present': a choice whose filter offers only the options found in the data, accepting any listed one.
   * A reference needs none: every reference is a filter by the id of a record of its area (`?vehicleId=VEH…`,
   * the server's ReferenceFilter), and one link further (`?trip.vehicleId=VEH…`). 'range': a date or date-time filtered From–To,
   * by the list parameters `<name>From` and `<name>To` (see rangeParam).
   */
  filter?: boolean | 'present' | 'range';
  placeholder?: string;
  /** Takes the form's full width. */
  wide?: boolean;
  /**
   * Added after the specification: a body without it (a client of the specified API) is still whole; a create
   * stores it blank, an update keeps what is stored (AreaDefinition.addedFields).
   */
  added?: true;
  /**
   * An added field that an update leaving it out keeps only while these fields stay as stored; when one of them
   * changes it is stored blank (a refuelling log's Trip, when its Vehicle changes: the trip was the old vehicle's).
   */
  keptWith?: readonly string[];
}

/** What a linked record must hold (or must not) to be linked; checked on save by the server. */
export interface LinkConditions {
  /** Only records holding these values may be linked (an order to an Approved quotation). */
  linkableWhen?: Readonly<Record<string, string>>;
  /** Records holding any of these values may not be linked (a trip's vehicle that is Sold). */
  unlinkableWhen?: Readonly<Record<string, readonly string[]>>;
  /**
   * The conditions hold only while the linking record has these values (a trip Scheduled, In Transit or
   * Delayed), and are checked again when those fields change. Without it they are checked when a link
   * is made, and a kept link stays allowed after its record changes (a quotation no longer Approved).
   */
  checkedWhile?: Readonly<Record<string, readonly string[]>>;
  /**
   * The linked record's fields that must equal the linking record's (linked field → own field): a job card's
   * schedule is one of the job card's vehicle. The form's pick-list offers only the records that match (its
   * list filter of that name); the save is checked by the area's own rule (a job card's: 'Invalid Schedule').
   */
  sameAs?: Readonly<Record<string, string>>;
}

type Kind =
  | { kind: 'text'; max: number; format?: 'email' | 'tel'; multiline?: boolean }
  | { kind: 'number'; step: number | 'any'; integer: boolean }
  | { kind: 'date' }
  | { kind: 'datetime' }
  /** One of the options; an open choice stores any text (its filter lists the values present). */
  | { kind: 'choice'; options: readonly string[]; open: boolean; labels?: Readonly<Record<string, string>> }
  /** Several of the options, stored as a list (a filter by one value finds the records holding it). */
  | { kind: 'choices'; options: readonly string[] }
  /** `linkableWhen`: only records holding these values may be newly linked (an order to an Approved quotation). */
  | ({ kind: 'reference'; area: string } & LinkConditions)
  /** Several records of another area (an order's vehicles), stored as a list of their ids; each must exist. */
  | { kind: 'references'; area: string; max: number }
  /** A record of one of several areas (a document's vehicle, driver or trip) by its id, '' for none. */
  | { kind: 'entity'; areas: readonly string[]; max: number }
  | { kind: 'file' }
  /** Several private files on one record, by the ids the upload service gave them. */
  | { kind: 'files'; max: number }
  /** Rupees, stored exactly (numeric(14,2)), shown as ₹1,23,456.00. */
  | { kind: 'money' }
  /** Stars with halves, shown with one decimal. */
  | { kind: 'rating'; max: number; step: number }
  /** Yes or no, a tick in the form (stored boolean NOT NULL, false unless ticked). */
  | { kind: 'flag' };

export type FieldDeclaration<T = unknown> = FieldOptions<T> &
  Kind & {
    /** The value a field has when nothing is given: '' for text, null for the others. */
    blank: T;
    schema: z.ZodType<T>;
  };

/** Any declaration, whatever its value type (the constraint of a field list). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldDeclaration<any>;

// A declaration's value type, read back from its phantom T.
type ValueOf<F> = F extends FieldDeclaration<infer T> ? T : never;
export type InputOf<Fields> = { [K in keyof Fields]: ValueOf<Fields[K]> };

const declare = <T>(kind: Kind, options: FieldOptions<T>, schema: z.ZodType<T>, blank: T): FieldDeclaration<T> => ({ ...options, ...kind, schema, blank });

/** Bounds that keep junk out of the database; the specification's own limits are rules with its texts. */
const SANE_NUMBER = 1e12;
/** numeric(14,2): up to ₹999,999,999,999.99. */
const MAX_MONEY = 999_999_999_999.99;

/** The decimals a step allows: 0.001 → 3, 0.1 → 1, 1 or 100 → 0. */
export function decimalsOfStep(step: number): number {
  let decimals = 0;
  while (decimals < 10 && !hasAtMostDecimals(step, decimals)) decimals++;
  return decimals;
}
/**
 * Whether the value as it is (the number that is stored and that every rule judges) has at most these
 * decimals: exact, no tolerance, so 1e-9 and 1.005 have more than 2, while 0.07 (0.07000000000000001 × 100
 * rounds back to 0.07) has 2.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale === value;
}
/** The message for a number with more decimals than its step allows, in words. */
const decimalsMessage = (decimals: number) => (decimals === 0 ? 'must be a whole number' : `must have at most ${decimals} decimal${decimals === 1 ? '' : 's'}`);
/** A number at most as fine as its step: what passes is what the column stores, to the last digit. */
const stepped = (schema: z.ZodNumber, step: number | 'any') => {
  if (step === 'any') return schema;
  const decimals = decimalsOfStep(step);
  return schema.refine((value) => hasAtMostDecimals(value, decimals), decimalsMessage(decimals));
};

/**
 * The id of a record of another area (the server checks it exists; the database keeps it so). A required
 * reference comes as '' when blank (its rule answers); an optional one is null when there is none.
 */
type LinkOptions = LinkConditions;
function reference(area: string, options: FieldOptions<string> & LinkOptions & { required: true }): FieldDeclaration<string>;
function reference(area: string, options: FieldOptions<string | null> & LinkOptions & { required?: false }): FieldDeclaration<string | null>;
function reference(
  area: string,
  options: (FieldOptions<string> | FieldOptions<string | null>) & LinkOptions,
): FieldDeclaration<string> | FieldDeclaration<string | null> {
  const { linkableWhen, unlinkableWhen, checkedWhile, sameAs, ...rest } = options;
  const kind = { kind: 'reference' as const, area, linkableWhen, unlinkableWhen, checkedWhile, sameAs };
  return rest.required
    ? declare<string>(kind, rest as FieldOptions<string>, text(64), '')
    : declare<string | null>(kind, rest as FieldOptions<string | null>, text(64).nullable(), null);
}

export const field = {
  text: (options: FieldOptions<string> & { max?: number; multiline?: boolean }) => {
    const max = options.max ?? (options.multiline ? 2000 : 200);
    return declare<string>({ kind: 'text', max, multiline: options.multiline }, options, text(max, { multiline: options.multiline }), '');
  },
  email: (options: FieldOptions<string>) =>
    declare<string>(
      { kind: 'text', max: 200, format: 'email' },
      options,
      text(200).refine((v) => v === '' || isEmailAddress(v), 'must be an email address such as name@example.in'),
      '',
    ),
  phone: (options: FieldOptions<string>) => declare<string>({ kind: 'text', max: 30, format: 'tel' }, options, text(30), ''),
  number: (options: FieldOptions<number | null> & { step?: number; min?: number; max?: number }) =>
    declare<number | null>(
      { kind: 'number', step: options.step ?? 'any', integer: false },
      options,
      stepped(
        z
          .number({ message: 'must be a number' })
          .min(options.min ?? -SANE_NUMBER)
          .max(options.max ?? SANE_NUMBER),
        options.step ?? 'any',
      ).nullable(),
      null,
    ),
  integer: (options: FieldOptions<number | null> & { min?: number; max?: number }) => {
    const [min, max] = [options.min ?? -99_999_999, options.max ?? 99_999_999];
    const schema = z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`);
    return declare<number | null>({ kind: 'number', step: 1, integer: true }, options, schema.nullable(), null);
  },
  date: (options: FieldOptions<string | null>) => declare<string | null>({ kind: 'date' }, options, isoDate.nullable(), null),
  dateTime: (options: FieldOptions<string | null>) => declare<string | null>({ kind: 'datetime' }, options, isoDateTime.nullable(), null),
  /**
   * One of the options. A required choice may come blank, so that the required rule answers it in the specification's words.
   * `labels` shows an option under another name than the one stored (Meal shown as Meal Allowance).
   */
  choice: <const O extends readonly string[]>(
    options: readonly [...O] | O,
    settings: FieldOptions<O[number]> & { labels?: Partial<Record<O[number], string>> },
  ) =>
    declare<O[number]>(
      { kind: 'choice', options, open: false, labels: settings.labels as Record<string, string> | undefined },
      settings,
      (settings.required ? z.enum(options).or(z.literal('')) : z.enum(options)) as z.ZodType<O[number]>,
      '' as O[number],
    ),
  /** Suggested options, any text stored (the filter lists the values present in the data). */
  openChoice: (options: readonly string[], settings: FieldOptions<string> & { max?: number }) =>
    declare<string>({ kind: 'choice', options, open: true }, settings, text(settings.max ?? 100), ''),
  /** Several of the options (in the order the options list them), stored as a list. */
  choices: <const O extends readonly string[]>(options: readonly [...O] | O, settings: FieldOptions<O[number][]>) =>
    declare<O[number][]>(
      { kind: 'choices', options },
      settings,
      z
        .array(z.enum(options), { message: 'must be a list of choices' })
        .max(options.length)
        .refine((list) => new Set(list).size === list.length, 'must not name a choice twice') as unknown as z.ZodType<O[number][]>,
      [],
    ),
  reference,
  /** Several records of another area, in the order chosen; a record that one names cannot be deleted. */
  references: (area: string, options: FieldOptions<string[]> & { max?: number }) => {
    const max = options.max ?? 20;
    const schema = z
      .array(
        text(64).refine((id) => id !== '', 'must not hold a blank id'),
        { message: 'must be a list of record ids' },
      )
      .max(max, `must name at most ${max} records`)
      .refine((list) => new Set(list).size === list.length, 'must not name a record twice');
    return declare<string[]>({ kind: 'references', area, max }, options, schema, []);
  },
  /**
   * A record of any of `areas` (a document's vehicle, driver or trip), or none (''), stored as its id in a
   * text column: which area it names follows from the id. A newly chosen id must name a record; an id kept
   * from before that names none stays as it is (shown as text).
   */
  entity: (areas: readonly [string, ...string[]], options: FieldOptions<string> & { max?: number }) => {
    const max = options.max ?? 64;
    return declare<string>({ kind: 'entity', areas, max }, options, text(max), '');
  },
  /** One private file, by the id the upload service gave it. */
  file: (options: FieldOptions<string | null>) => declare<string | null>({ kind: 'file' }, options, fileRef, null),
  /** Several private files, in the order they were added. */
  files: (options: FieldOptions<string[]> & { max?: number }) => {
    const max = options.max ?? 20;
    const schema = z
      .array(z.string().max(64).regex(FILE_ID_PATTERN, 'must be the id of an uploaded file'), { message: 'must be a list of uploaded files' })
      .max(max, `must hold at most ${max} files`)
      .refine((list) => new Set(list).size === list.length, 'must not name a file twice');
    return declare<string[]>({ kind: 'files', max }, options, schema, []);
  },
  /** Rupees with at most 2 decimals, stored exactly. */
  money: (options: FieldOptions<number | null>) =>
    declare<number | null>(
      { kind: 'money' },
      options,
      z
        .number({ message: 'must be a number' })
        .min(-MAX_MONEY, `must be at least -${MAX_MONEY}`)
        .max(MAX_MONEY, `must be at most ${MAX_MONEY}`)
        .refine((value) => hasAtMostDecimals(value, 2), 'must have at most 2 decimals (paise)')
        .nullable(),
      null,
    ),
  /** A tick box: true or false, false by default (never blank). */
  // Left out of a body, it is false: a client that predates the field saves as before.
  flag: (options: FieldOptions<boolean>) =>
    declare<boolean>(
      { kind: 'flag' },
      { default: false, ...options },
      z.boolean({ message: 'must be true or false' }).default(false) as z.ZodType<boolean>,
      false,
    ),
  /** A rating out of max (stars), typed to one decimal. The range the specification words is a rule. */
  rating: (options: FieldOptions<number | null> & { max?: number }) =>
    declare<number | null>(
      { kind: 'rating', max: options.max ?? 5, step: 0.1 },
      options,
      stepped(z.number({ message: 'must be a number' }).min(-1e6).max(1e6), 0.1).nullable(),
      null,
    ),
};

/**
 * Who links to whom, from the fields alone: the areas a field names (a reference's or a list of references' area, an
 * entity's areas; none for any other field). LINKS_TO (area-declarations.ts) is computed from it once, and the
 * server's delete refusals and pick-list grants and the web's refreshes of a page's other sections read that
 * (decision 0064).
 */
export const linkedAreasOfField = (field: AnyField): readonly string[] =>
  field.kind === 'reference' || field.kind === 'references' ? [field.area] : field.kind === 'entity' ? field.areas : [];

/** What an area declares; everything else of its AreaDefinition follows. */
export interface AreaDeclaration<Fields extends Record<string, AnyField>, Key extends AreaKey = AreaKey> {
  /** One of AREAS: a key no list of areas names does not compile. */
  key: Key;
  singular: string;
  plural: string;
  idFormat: IdFormat;
  fields: Fields;
  /** The text of the rule that the fields marked required fill in (title and message of the specification). */
  required?: Omit<RuleFailure, 'fields'>;
  /** The area's other rules, in the order the specification checks them (after the required fields). */
  rules?: readonly Rule<InputOf<Fields>>[];
  defaultSort?: { sort: string; order: 'asc' | 'desc' };
  /**
   * Fields that exist only for some values of others (the fuel fields only for Fuel): hidden in the form
   * and stored blank otherwise.
   */
  shownWhen?: { [K in keyof Fields]?: (input: InputOf<Fields>) => boolean };
  /**
   * Values computed from others (amount = quantity × price): when the function gives a value, the form
   * shows it locked and the server stores it, whatever was sent; undefined leaves the field to the user.
   */
  computed?: { [K in keyof Fields]?: (input: InputOf<Fields>) => InputOf<Fields>[K] | undefined };
  /** How a value is stored when given in another form (a rating of 0 stored as none). Runs after computed. */
  normalize?: (input: InputOf<Fields>) => InputOf<Fields>;
  /** States computed from the fields and today's date, filterable on the server under their names. */
  derived?: Record<string, DerivedState>;
  /** The order a list shows, when none is chosen, while a filter is on (see AreaDefinition.sortWhenFiltered). */
  sortWhenFiltered?: AreaDefinition['sortWhenFiltered'];
  /**
   * Values the server computes that the list can be sorted by (a trip's margin): the area's resource gives each
   * as a derived column (ResourceDefinition.derivedColumns), N/A last.
   */
  computedSorts?: readonly string[];
}

/** A declared area: its AreaDefinition, and its field declarations for the form and the table. */
export type DeclaredArea<Fields extends Record<string, AnyField>, Key extends AreaKey = AreaKey> = AreaDefinition<InputOf<Fields>> & {
  key: Key;
  fields: Fields;
  /** Whether a field belongs to the record given the values of the others. */
  shown(name: keyof Fields & string, input: InputOf<Fields>): boolean;
  /** The computed values the input gives (the form shows these locked). */
  computedValues(input: InputOf<Fields>): Partial<InputOf<Fields>>;
};

const mapFields = <Fields extends Record<string, AnyField>, R>(fields: Fields, fn: (declaration: FieldDeclaration<unknown>, name: string) => R) =>
  Object.fromEntries(Object.entries(fields).map(([name, declaration]) => [name, fn(declaration as FieldDeclaration<unknown>, name)]));

/** A field's value in a new record: its declared default (a function for values of the day, such as today), else its blank. */
const defaultOf = (f: FieldDeclaration<unknown>): unknown => (typeof f.default === 'function' ? (f.default as () => unknown)() : (f.default ?? f.blank));

/**
 * A field as a request body takes it (decision 0066): a required field must be there (its input schema as it is);
 * an optional one may be left out, and then takes its default, or be null, and then is blank, or its default
 * where it cannot be blank (a status always holds one of its options). What follows is the field's own schema,
 * with its own messages. The OpenAPI document reads the same schema: a field that takes undefined is not required.
 */
function bodyField(f: FieldDeclaration<unknown>, schema: z.ZodType): z.ZodType {
  if (f.required) return schema;
  const takesNull = schema.safeParse(null).success;
  const none = schema.safeParse(f.blank).success ? () => f.blank : () => defaultOf(f);
  const taken = z.preprocess((value) => (value === undefined ? defaultOf(f) : value === null && !takesNull ? none() : value), schema);
  // The document shows a fixed default (a vehicle's status Active); one of the day (today) it cannot.
  return f.default === undefined || typeof f.default === 'function' ? taken : taken.meta({ default: f.default });
}

/** A From–To filter is a calendar range: only dates and date-times have one. */
function rangeKind(area: string, name: string, declaration: FieldDeclaration<unknown>): 'date' | 'datetime' {
  if (declaration.kind === 'date' || declaration.kind === 'datetime') return declaration.kind;
  throw new Error(`${area}: ${name} is filtered From–To, but only a date or a date-time can be.`);
}

export function declareArea<const Fields extends Record<string, AnyField>, const Key extends AreaKey>(
  declaration: AreaDeclaration<Fields, Key>,
): DeclaredArea<Fields, Key> {
  type Input = InputOf<Fields>;
  const entries = Object.entries(declaration.fields) as [keyof Input & string, FieldDeclaration<unknown>][];
  const required = entries.filter(([, f]) => f.required).map(([name]) => name);
  const rules: Rule<Input>[] = [];
  if (required.length > 0) {
    if (!declaration.required) throw new Error(`${declaration.key}: fields are marked required but the area gives no text for its required-fields rule.`);
    rules.push(requireFields<Input>(required, declaration.required));
  }
  rules.push(...(declaration.rules ?? []));
  const shownWhen = (declaration.shownWhen ?? {}) as Record<string, ((input: Input) => boolean) | undefined>;
  const shown = (name: string, input: Input) => shownWhen[name]?.(input) ?? true;
  const computedValues = (input: Input) => {
    const values: Record<string, unknown> = {};
    for (const [name, compute] of Object.entries(declaration.computed ?? {}) as [string, (input: Input) => unknown][]) {
      const value = shown(name, input) ? compute(input) : undefined;
      if (value !== undefined) values[name] = value;
    }
    return values as Partial<Input>;
  };
  // A conditional field may come blank (it is stored so while hidden), whatever its options. A text takes
  // '' already and keeps its own messages.
  const inputShape = mapFields(declaration.fields, (f, name) =>
    shownWhen[name] && f.blank === '' && !f.schema.safeParse('').success ? f.schema.or(z.literal('')) : f.schema,
  ) as Record<string, z.ZodType>;
  return {
    key: declaration.key,
    singular: declaration.singular,
    plural: declaration.plural,
    idFormat: declaration.idFormat,
    fields: declaration.fields,
    input: z.strictObject(inputShape),
    body: z.strictObject(mapFields(declaration.fields, (f, name) => bodyField(f, inputShape[name]))),
    fieldLabels: mapFields(declaration.fields, (f) => f.label) as Record<keyof Input & string, string>,
    rules,
    defaults: () => mapFields(declaration.fields, defaultOf) as Input,
    filters: {
      ...Object.fromEntries(
        entries
          .filter(([, f]) => f.filter && f.filter !== 'range' && f.kind !== 'reference')
          .map(([name, f]) => [name, f.kind === 'choice' && !f.open ? f.options : []]),
      ),
      ...Object.fromEntries(Object.entries(declaration.derived ?? {}).map(([name, state]) => [name, state.filterValues])),
    },
    presentFilters: entries.filter(([, f]) => f.filter === 'present').map(([name]) => name),
    ranges: Object.fromEntries(entries.filter(([, f]) => f.filter === 'range').map(([name, f]) => [name, rangeKind(declaration.key, name, f)])),
    sortWhenFiltered: declaration.sortWhenFiltered,
    derived: declaration.derived ?? {},
    addedFields: Object.fromEntries(entries.filter(([, f]) => f.added).map(([name, f]) => [name, f.blank])),
    shown,
    computedValues,
    prepare: (input) => {
      // Hidden fields are stored blank; then the computed values replace what was sent.
      const cleared = Object.fromEntries(entries.map(([name, f]) => [name, shown(name, input) ? input[name] : f.blank])) as Input;
      const computed = { ...cleared, ...computedValues(cleared) };
      return declaration.normalize ? declaration.normalize(computed) : computed;
    },
    // A derived state sorts by its value today (and replaces a field of the same name: a status as shown).
    sorts: [
      ...new Set([
        'createdAt',
        'id',
        ...entries.filter(([, f]) => f.sort).map(([name]) => name),
        ...Object.keys(declaration.derived ?? {}),
        ...(declaration.computedSorts ?? []),
      ]),
    ],
    defaultSort: declaration.defaultSort ?? { sort: 'createdAt', order: 'desc' },
  };
}
