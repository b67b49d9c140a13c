import { useRef } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { CalendarDays } from 'lucide-react';
import { displayTyped, fromPicker, parseTyped, pickerValue } from '../../lib/date-entry';
import { Input, Label, Textarea } from '../ui/input';
import { Select, optionsOf } from '../ui/select';
import { cn } from '../../lib/utils';
import { FileField } from './file-field';
import { FilesField, type FileItem } from './files-field';
import { ReferencePicker, ReferencesPicker, type ReferenceSpec } from './reference-picker';
import { EntityPicker, type EntityChoice } from './entity-picker';

/** One input of an area's form, declared by the area and drawn by the shared form dialog. */
export interface FieldSpec {
  name: string;
  label: string;
  kind:
    | 'text'
    | 'email'
    | 'tel'
    | 'number'
    | 'money'
    | 'date'
    | 'datetime'
    | 'textarea'
    | 'select'
    | 'choices'
    | 'reference'
    | 'references'
    | 'entity'
    | 'file'
    | 'files'
    | 'checkbox';
  options?: readonly string[];
  /** Options shown under another name than the one stored (Meal as Meal Allowance). */
  optionLabels?: Readonly<Record<string, string>>;
  /** A label that depends on other values (Quantity (kWh) for an electric fill-up). */
  labelFor?: (values: FormValues) => string;
  /** The toast title when an upload fails (files). */
  uploadFailureTitle?: string;
  /** For 'reference' and 'references': the records of another area this field names. */
  reference?: ReferenceSpec;
  /** For 'entity': the kinds of record it may name, and the kind the other values make likely (an e-Way Bill: a trip). */
  entities?: readonly EntityChoice[];
  suggestEntity?: (values: FormValues) => string | undefined;
  /**
   * For 'reference': values the chosen record fills in (a quotation's customer name from its lead), given
   * the record chosen (null when cleared), the form's values and whether the record is new.
   */
  fills?: (picked: Record<string, unknown> | null, values: FormValues, adding: boolean) => Partial<Record<string, string>>;
  /**
   * For a new record: a value looked up from others (a refuelling log's trip: the vehicle's trip at its time), filled
   * in whenever those change until the user changes the field. `value` gets the form's input (dates as ISO) and
   * answers the value, '' for none, or undefined to leave the field as it is.
   */
  prefill?: { from: readonly string[]; value: (input: Record<string, unknown>) => Promise<string | undefined> };
  /** Shown in place of a blank stored value when a record is edited (a quotation's tax read as 0). */
  whenBlank?: string;
  /** Read-only when editing this record (an order's customer once it came from a quotation). */
  lockedFor?: (record: Record<string, unknown>) => boolean;
  placeholder?: string;
  /** Marks the label; the rule that enforces it lives in the domain package. */
  required?: boolean;
  /** Take the full width of the two-column grid. */
  wide?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

/** What the inputs hold: text for most, the chosen options of a 'choices', the stored files of a 'files'. */
export type FormValues = Record<string, string | string[] | FileItem[]>;

/** A file field keeps its stored file's name beside its id (the API returns it as `<field>Name`). */
const nameKey = (field: string) => `${field}Name`;

/** An entity field keeps the kind of record it names beside its id (the API returns it as entityId → `entityArea`). */
export const entityAreaKey = (field: string) => `${field.replace(/Id$/, '')}Area`;

/** A stored value as its input holds it: rupees with paise show both digits (34091.50, not 34091.5; 1500 stays 1500). */
export const inputText = (field: Pick<FieldSpec, 'kind'> | undefined, value: unknown): string =>
  value === null || value === undefined ? '' : field?.kind === 'money' && !Number.isInteger(Number(value)) ? Number(value).toFixed(2) : String(value);

/** Record input → the strings the inputs hold. */
export function toFormValues(input: Record<string, unknown>, fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = input[field.name];
    if (field.kind === 'file') values[nameKey(field.name)] = String(input[nameKey(field.name)] ?? '');
    if (field.kind === 'entity') values[entityAreaKey(field.name)] = String(input[entityAreaKey(field.name)] ?? '');
    // Several files come with their names (the API returns them as `<field>Files`).
    if (field.kind === 'files') values[field.name] = (input[`${field.name}Files`] as FileItem[] | undefined) ?? [];
    else if (field.kind === 'choices' || field.kind === 'references') values[field.name] = [...((value as string[] | null) ?? [])];
    else if (field.kind === 'checkbox') values[field.name] = value === true ? 'true' : '';
    else if (value === null || value === undefined) values[field.name] = field.whenBlank ?? '';
    else if (field.kind === 'date' || field.kind === 'datetime') values[field.name] = displayTyped(String(value), field.kind === 'datetime');
    else values[field.name] = inputText(field, value);
  }
  return values;
}

/** A date as typed → its ISO form; null when blank, undefined when it is no date. */
function readDate(field: FieldSpec, raw: string): string | null | undefined {
  if (raw.trim() === '') return null;
  return parseTyped(raw, field.kind === 'datetime') ?? undefined;
}

/** The date fields whose text is no real date (DD/MM/YYYY, with HH:mm for a date-time). */
export function unreadableDates(values: FormValues, fields: readonly FieldSpec[]): FieldSpec[] {
  return fields.filter((field) => (field.kind === 'date' || field.kind === 'datetime') && readDate(field, String(values[field.name] ?? '')) === undefined);
}

export const dateFormatHint = (field: FieldSpec) => (field.kind === 'datetime' ? 'DD/MM/YYYY HH:MM' : 'DD/MM/YYYY');

/** The inputs' strings → a record input: empty numbers and dates become null, dates ISO (call unreadableDates first). */
export function fromFormValues(values: FormValues, fields: readonly FieldSpec[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'files') {
      input[field.name] = ((values[field.name] as FileItem[] | undefined) ?? []).map((file) => file.id);
      continue;
    }
    if (field.kind === 'choices') {
      // In the order the options list them, whatever order they were ticked in.
      const chosen = (values[field.name] as string[] | undefined) ?? [];
      input[field.name] = (field.options ?? []).filter((option) => chosen.includes(option));
      continue;
    }
    if (field.kind === 'references') {
      input[field.name] = [...((values[field.name] as string[] | undefined) ?? [])];
      continue;
    }
    const raw = String(values[field.name] ?? '');
    if (field.kind === 'checkbox') input[field.name] = raw === 'true';
    else if (field.kind === 'number' || field.kind === 'money') input[field.name] = raw.trim() === '' ? null : Number(raw);
    else if (field.kind === 'date' || field.kind === 'datetime') input[field.name] = readDate(field, raw) ?? null;
    else if (field.kind === 'file' || (field.kind === 'reference' && !field.required)) input[field.name] = raw === '' ? null : raw;
    else input[field.name] = raw;
  }
  return input;
}

const INPUT_TYPES: Record<string, string> = { text: 'text', email: 'email', tel: 'tel', number: 'number', money: 'number' };

/**
 * A date typed as DD/MM/YYYY (HH:mm for a date-time), tidied into that form when the field is left, and a
 * calendar button that opens the browser's own picker (a hidden native input) for those who would rather click.
 */
function DateInput({ form, field, id, invalid }: { form: UseFormReturn<FormValues>; field: FieldSpec; id: string; invalid: object }) {
  const withTime = field.kind === 'datetime';
  const picker = useRef<HTMLInputElement>(null);
  const registered = form.register(field.name, {
    onBlur: (event: { target: HTMLInputElement }) => {
      const text = event.target.value;
      const iso = parseTyped(String(text), withTime);
      const tidy = iso === null ? text : displayTyped(iso, withTime);
      if (tidy !== text) form.setValue(field.name, tidy, { shouldDirty: true });
    },
  });
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = pickerValue(String(form.getValues(field.name) ?? ''), withTime);
    try {
      input.showPicker();
    } catch {
      input.focus(); // a browser without showPicker: the text field still takes the date
    }
  };
  return (
    <div className="relative">
      <Input id={id} inputMode="numeric" autoComplete="off" placeholder={dateFormatHint(field)} maxLength={32} className="pr-10" {...invalid} {...registered} />
      <button
        type="button"
        className="absolute right-1 top-1/2 grid size-7 -translate-y-1/2 place-items-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        // Not named after the field: its label stays the field's alone.
        aria-label="Open calendar"
        title="Choose from a calendar"
        onClick={openPicker}
      >
        <CalendarDays className="size-4" aria-hidden />
      </button>
      <input
        ref={picker}
        type={withTime ? 'datetime-local' : 'date'}
        tabIndex={-1}
        aria-hidden
        className="pointer-events-none absolute bottom-0 right-0 size-px opacity-0"
        onChange={(event) => {
          form.setValue(field.name, fromPicker(event.target.value, withTime), { shouldDirty: true });
          form.setFocus(field.name);
        }}
      />
    </div>
  );
}

function FileInput({ form, name, id, onUploading }: { form: UseFormReturn<FormValues>; name: string; id: string; onUploading(delta: number): void }) {
  const [value, fileName] = useWatch({ control: form.control, name: [name, nameKey(name)] });
  return (
    <FileField
      id={id}
      value={String(value ?? '')}
      fileName={fileName ? String(fileName) : null}
      onUploading={onUploading}
      onChange={(fileId, newName) => {
        form.setValue(name, fileId, { shouldDirty: true });
        form.setValue(nameKey(name), newName ?? '');
      }}
    />
  );
}

/** The id of a field's input in a form (the dialog focuses the first field at fault by it). */
export const fieldInputId = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

/** Ticks for several options (service types), in the options' order. */
function ChoicesInput({ id, options, value, onChange }: { id: string; options: readonly string[]; value: string[]; onChange(value: string[]): void }) {
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-x-4 gap-y-2 rounded-md border px-3 py-2">
      {options.map((option) => (
        <label key={option} className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={value.includes(option)}
            onChange={(event) => onChange(event.target.checked ? [...value, option] : value.filter((v) => v !== option))}
          />
          {option}
        </label>
      ))}
    </div>
  );
}

export interface FormFieldsProps {
  fields: readonly FieldSpec[];
  form: UseFormReturn<FormValues>;
  idPrefix: string;
  /** Fields that do not belong to the record for the values chosen (not drawn). */
  hidden?: ReadonlySet<string>;
  /** Computed fields (shown, read-only). */
  locked?: ReadonlySet<string>;
  /** Told +1 when an upload starts and -1 when it ends (the save button waits). */
  onUploading?(delta: number): void;
  /** Whether the record is new (what a chosen record fills in may depend on it). */
  adding?: boolean;
}

/** A pick-list narrowed by the form's own values (a job card's schedules: those of its vehicle), when those are chosen. */
function withFormFilters(reference: ReferenceSpec, values: FormValues): ReferenceSpec {
  const from = Object.entries(reference.filtersFrom ?? {}).filter(([, own]) => typeof values[own] === 'string' && values[own] !== '');
  if (from.length === 0) return reference;
  return { ...reference, filters: { ...reference.filters, ...Object.fromEntries(from.map(([param, own]) => [param, String(values[own])])) } };
}

export function FormFields({ fields, form, idPrefix, hidden, locked, onUploading = () => undefined, adding = true }: FormFieldsProps) {
  const queryClient = useQueryClient();
  /**
   * A pick-list gives labels only: a field that fills others from the chosen record reads it whole (its
   * role may view it where it fills; if not, nothing is filled and the user types the values).
   */
  async function fillFrom(field: FieldSpec, id: string) {
    let picked: Record<string, unknown> | null = null;
    if (id !== '') {
      const area = field.reference!.area;
      picked = await queryClient
        .fetchQuery({
          queryKey: [area, 'record', id],
          queryFn: ({ signal }) => api<Record<string, unknown>>(`/api/${area}/${encodeURIComponent(id)}`, { signal }),
          staleTime: 10_000,
        })
        .catch(() => null);
      if (picked === null || form.getValues(field.name) !== id) return;
    }
    for (const [name, filled] of Object.entries(field.fills?.(picked, form.getValues(), adding) ?? {}))
      form.setValue(name, filled ?? '', { shouldDirty: true });
  }
  const { register, control } = form;
  const { errors } = form.formState;
  const values = useWatch({ control }) as FormValues;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        if (hidden?.has(field.name)) return null;
        const id = fieldInputId(idPrefix, field.name);
        const error = errors[field.name]?.message;
        // Every kind of input says whether it is at fault and points at the message under it.
        const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
        const wide =
          field.wide ||
          field.kind === 'textarea' ||
          field.kind === 'files' ||
          field.kind === 'choices' ||
          field.kind === 'references' ||
          field.kind === 'entity';
        return (
          <div key={field.name} className={cn('grid grid-cols-[minmax(0,1fr)] gap-1.5', wide && 'sm:col-span-2')}>
            <Label htmlFor={id} id={`${id}-label`}>
              {field.labelFor?.(values) ?? field.label}
              {field.required && <span className="text-destructive"> *</span>}
            </Label>
            {field.kind === 'checkbox' ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <input
                    id={id}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={f.value === 'true'}
                    disabled={locked?.has(field.name)}
                    onChange={(event) => f.onChange(event.target.checked ? 'true' : '')}
                    onBlur={f.onBlur}
                    {...invalid}
                  />
                )}
              />
            ) : field.kind === 'choices' ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => <ChoicesInput id={id} options={field.options ?? []} value={(f.value as string[]) ?? []} onChange={f.onChange} />}
              />
            ) : field.kind === 'files' ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <FilesField
                    id={id}
                    value={(f.value as FileItem[]) ?? []}
                    onChange={(files) => form.setValue(field.name, files, { shouldDirty: true })}
                    onUploading={onUploading}
                    failureTitle={field.uploadFailureTitle}
                  />
                )}
              />
            ) : field.kind === 'select' ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <Select
                    id={id}
                    value={String(f.value ?? '')}
                    onValueChange={f.onChange}
                    options={optionsOf(field.options ?? [], field.optionLabels)}
                    {...invalid}
                  />
                )}
              />
            ) : field.kind === 'reference' && field.reference ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <ReferencePicker
                    id={id}
                    value={String(f.value ?? '')}
                    onChange={(value) => {
                      f.onChange(value);
                      if (field.fills) void fillFrom(field, value);
                    }}
                    reference={withFormFilters(field.reference!, values)}
                    clearLabel={field.required ? undefined : `Clear ${field.label}`}
                  />
                )}
              />
            ) : field.kind === 'references' && field.reference ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <ReferencesPicker id={id} value={(f.value as string[]) ?? []} onChange={f.onChange} reference={field.reference!} max={field.max} />
                )}
              />
            ) : field.kind === 'entity' && field.entities ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <EntityPicker
                    id={id}
                    labelId={`${id}-label`}
                    value={String(f.value ?? '')}
                    area={String(values[entityAreaKey(field.name)] ?? '')}
                    choices={field.entities!}
                    suggested={field.suggestEntity?.(values)}
                    onChange={(value, area) => {
                      form.setValue(entityAreaKey(field.name), area);
                      f.onChange(value);
                    }}
                  />
                )}
              />
            ) : field.kind === 'file' ? (
              <FileInput form={form} name={field.name} id={id} onUploading={onUploading} />
            ) : field.kind === 'date' || field.kind === 'datetime' ? (
              <DateInput form={form} field={field} id={id} invalid={invalid} />
            ) : field.kind === 'textarea' ? (
              <Textarea id={id} placeholder={field.placeholder} {...invalid} {...register(field.name)} />
            ) : (
              <div className="relative">
                {field.kind === 'money' && (
                  <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">₹</span>
                )}
                <Input
                  id={id}
                  type={INPUT_TYPES[field.kind]}
                  placeholder={field.placeholder}
                  min={field.min}
                  max={field.max}
                  step={field.step ?? (field.kind === 'money' ? 0.01 : field.kind === 'number' ? 'any' : undefined)}
                  readOnly={locked?.has(field.name)}
                  className={cn(field.kind === 'money' && 'pl-7', locked?.has(field.name) && 'bg-muted')}
                  {...invalid}
                  {...register(field.name)}
                />
              </div>
            )}
            {error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
