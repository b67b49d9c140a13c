import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Input, Label, Textarea } from '../ui/input';
import { Select, optionsOf } from '../ui/select';
import { cn } from '../../lib/utils';
import { FileField } from './file-field';
import { ReferencePicker, type ReferenceSpec } from './reference-picker';

/** One input of an area's form, declared by the area and drawn by the shared form dialog. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'tel' | 'number' | 'date' | 'datetime' | 'textarea' | 'select' | 'reference' | 'file';
  options?: readonly string[];
  /** For 'reference': the record of another area this field names. */
  reference?: ReferenceSpec;
  placeholder?: string;
  /** Marks the label; the rule that enforces it lives in the domain package. */
  required?: boolean;
  /** Take the full width of the two-column grid. */
  wide?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

export type FormValues = Record<string, string>;

/** A file field keeps its stored file's name beside its id (the API returns it as `<field>Name`). */
const nameKey = (field: string) => `${field}Name`;

/** Record input → the strings the inputs hold. */
export function toFormValues(input: Record<string, unknown>, fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = input[field.name];
    if (field.kind === 'file') values[nameKey(field.name)] = String(input[nameKey(field.name)] ?? '');
    if (value === null || value === undefined) values[field.name] = '';
    else if (field.kind === 'datetime') values[field.name] = toLocalDateTimeInput(String(value));
    else if (field.kind === 'date') values[field.name] = String(value).slice(0, 10);
    else values[field.name] = String(value);
  }
  return values;
}

/** The inputs' strings → a record input: empty numbers and dates become null, date-times become ISO instants. */
export function fromFormValues(values: FormValues, fields: readonly FieldSpec[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = values[field.name] ?? '';
    if (field.kind === 'number') input[field.name] = raw.trim() === '' ? null : Number(raw);
    else if (field.kind === 'date') input[field.name] = raw === '' ? null : raw;
    else if (field.kind === 'datetime') input[field.name] = raw === '' ? null : new Date(raw).toISOString();
    else if (field.kind === 'file') input[field.name] = raw === '' ? null : raw;
    else input[field.name] = raw;
  }
  return input;
}

function toLocalDateTimeInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const INPUT_TYPES: Record<string, string> = { text: 'text', email: 'email', tel: 'tel', number: 'number', date: 'date', datetime: 'datetime-local' };

function FileInput({ form, name, id }: { form: UseFormReturn<FormValues>; name: string; id: string }) {
  const [value, fileName] = useWatch({ control: form.control, name: [name, nameKey(name)] });
  return (
    <FileField
      id={id}
      value={value ?? ''}
      fileName={fileName || null}
      onChange={(fileId, newName) => {
        form.setValue(name, fileId, { shouldDirty: true });
        form.setValue(nameKey(name), newName ?? '');
      }}
    />
  );
}

/** The id of a field's input in a form (the dialog focuses the first field at fault by it). */
export const fieldInputId = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

export function FormFields({ fields, form, idPrefix }: { fields: readonly FieldSpec[]; form: UseFormReturn<FormValues>; idPrefix: string }) {
  const { register, control } = form;
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const id = fieldInputId(idPrefix, field.name);
        const error = errors[field.name]?.message;
        // Every kind of input says whether it is at fault and points at the message under it.
        const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
        return (
          <div key={field.name} className={cn('grid gap-1.5', (field.wide || field.kind === 'textarea') && 'sm:col-span-2')}>
            <Label htmlFor={id}>
              {field.label}
              {field.required && <span className="text-destructive"> *</span>}
            </Label>
            {field.kind === 'select' ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => <Select id={id} value={f.value} onValueChange={f.onChange} options={optionsOf(field.options ?? [])} {...invalid} />}
              />
            ) : field.kind === 'reference' && field.reference ? (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => <ReferencePicker id={id} value={f.value ?? ''} onChange={f.onChange} reference={field.reference!} />}
              />
            ) : field.kind === 'file' ? (
              <FileInput form={form} name={field.name} id={id} />
            ) : field.kind === 'textarea' ? (
              <Textarea id={id} placeholder={field.placeholder} {...invalid} {...register(field.name)} />
            ) : (
              <Input
                id={id}
                type={INPUT_TYPES[field.kind]}
                placeholder={field.placeholder}
                min={field.min}
                max={field.max}
                step={field.step ?? (field.kind === 'number' ? 'any' : undefined)}
                {...invalid}
                {...register(field.name)}
              />
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
