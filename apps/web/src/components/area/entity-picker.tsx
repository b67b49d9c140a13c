import { cn } from '../../lib/utils';
import { ReferencePicker, type ReferenceSpec } from './reference-picker';

/** One kind of record an entity field may name: 'Vehicle' and the pick-list of vehicles. */
export interface EntityChoice {
  /** The kind as the user reads it, e.g. 'Vehicle'. */
  label: string;
  reference: ReferenceSpec;
}

/** The kind chosen for no record (a company document). */
export const NO_ENTITY = 'none';

/**
 * A record of one of several areas, or none: the kind first (Vehicle / Driver / Trip / None), then the
 * searchable pick-list of that area. `area` is the kind chosen ('' until the user or the stored record chose
 * one: then `suggested`, the kind the other values make likely, is shown). A stored id that names no record
 * is shown as it is, and kept until another kind is chosen.
 */
export function EntityPicker({
  id,
  labelId,
  value,
  area,
  choices,
  suggested,
  onChange,
}: {
  id: string;
  labelId: string;
  value: string;
  area: string;
  choices: readonly EntityChoice[];
  suggested?: string;
  /** The chosen record's id ('' for none) and the kind it was chosen as. */
  onChange(value: string, area: string): void;
}) {
  const unmatched = value !== '' && area === '';
  const kind = unmatched ? '' : value !== '' ? area : area || suggested || NO_ENTITY;
  const choice = choices.find((c) => c.reference.area === kind);
  const options = [...choices.map((c) => ({ key: c.reference.area, label: c.label })), { key: NO_ENTITY, label: 'None' }];
  const nouns = choices.map((c) => c.label.toLowerCase());
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="radiogroup" aria-labelledby={labelId} className="inline-flex h-9 shrink-0 items-center gap-0.5 rounded-md border p-0.5">
        {options.map((option) => (
          <label
            key={option.key}
            className={cn(
              'cursor-pointer rounded px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              option.key === kind ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={`${id}-kind`}
              value={option.key}
              checked={option.key === kind}
              // Another kind starts with no record of it chosen.
              onChange={() => onChange('', option.key)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {unmatched ? (
        <p id={id} className="min-w-56 flex-1 text-sm">
          <span className="font-mono">{value}</span>
          <span className="text-muted-foreground">
            {' '}
            names no {nouns.slice(0, -1).join(', ')} or {nouns.at(-1)}; it is kept as stored.
          </span>
        </p>
      ) : (
        choice && (
          <div className="min-w-56 flex-1">
            <ReferencePicker
              id={id}
              value={value}
              reference={choice.reference}
              placeholder={`Select a ${choice.label.toLowerCase()}...`}
              onChange={(picked) => onChange(picked, choice.reference.area)}
            />
          </div>
        )
      )}
    </div>
  );
}
