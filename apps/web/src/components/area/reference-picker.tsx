import { useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, Loader2, Search, X } from 'lucide-react';
import type { PickList, PickOption } from '@raahi/domain';
import { api, queryString } from '../../lib/api';
import { cn } from '../../lib/utils';
import { useDebounced } from '../../lib/use-debounced';
import { buttonClasses } from '../ui/button';
import { inputClasses } from '../ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';

type Row = PickOption;

/**
 * A record of another area that a field names: where to find it and how to show it. The choices come from
 * the area's pick-list (GET /api/<area>/options: labels as the server makes them, and a status where marked),
 * which a role that names the area's records may use even where it may not view them.
 */
export interface ReferenceSpec {
  /** The other area's API key, e.g. 'vehicles'. */
  area: string;
  /** Order of the choices (defaults to the area's own, newest first). */
  sort?: { sort: string; order: 'asc' | 'desc' };
  /** Records not in this status are marked beside their status (never hidden: one may be the one in use). */
  usableStatus?: string;
  /** A new record starts with the first choice selected, as the specification asks of some forms. */
  defaultToFirst?: boolean;
  /** The toast text when the choices cannot be fetched, e.g. 'Could not fetch vehicles.' */
  fetchError: string;
  /** Only records with these values are offered (only Approved quotations); the one already chosen still shows. */
  filters?: Record<string, string>;
  /** Filters taken from the form's values (list parameter → the form's field), added when the field is filled. */
  filtersFrom?: Readonly<Record<string, string>>;
}

const PAGE = 20;

const options = (area: string, params: Record<string, string | number | undefined>, signal: AbortSignal) =>
  api<PickList>(`/api/${area}/options${queryString(params)}`, { signal });

/** The label of a choice already made, by its id (null when no record has it). */
const chosenQuery = (reference: ReferenceSpec, id: string) => ({
  queryKey: [reference.area, 'option', id],
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await options(reference.area, { ids: id }, signal)).items[0] ?? null,
  enabled: id !== '',
  staleTime: 60_000,
  retry: false,
});

const shownLabel = (id: string, current: { data?: Row | null; isError: boolean; isSuccess: boolean }) =>
  current.data ? current.data.label : current.isError || current.isSuccess ? `${id} (not found)` : id;

/**
 * Several records of another area (an order's vehicles): each chosen one as a chip that can be removed,
 * and a pick-list that adds another.
 */
export function ReferencesPicker({
  id,
  value,
  onChange,
  reference,
  max,
}: {
  id: string;
  value: string[];
  onChange(value: string[]): void;
  reference: ReferenceSpec;
  max?: number;
}) {
  const chosen = useQueries({ queries: value.map((one) => chosenQuery(reference, one)) });
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen">
          {value.map((one, index) => {
            const label = shownLabel(one, chosen[index]);
            return (
              <li key={one} className="inline-flex max-w-full items-center gap-1 rounded-full border bg-muted/50 py-0.5 pl-2.5 pr-0.5 text-sm">
                <span className="min-w-0 truncate">{label}</span>
                <button
                  type="button"
                  className={buttonClasses('ghost', 'icon-sm', 'size-6 rounded-full')}
                  aria-label={`Remove ${label}`}
                  title="Remove"
                  onClick={() => onChange(value.filter((v) => v !== one))}
                >
                  <X className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {(max === undefined || value.length < max) && (
        <ReferencePicker
          id={id}
          value=""
          placeholder="Add..."
          reference={reference}
          onChange={(picked) => picked && !value.includes(picked) && onChange([...value, picked])}
        />
      )}
    </div>
  );
}

/** The first choices of a reference, as the pick-list shows them before anything is typed. */
export function firstChoicesQuery(reference: ReferenceSpec, q = '') {
  return {
    queryKey: [reference.area, 'choices', q, reference.sort, reference.filters],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      options(reference.area, { q: q || undefined, pageSize: PAGE, sort: reference.sort?.sort, order: reference.sort?.order, ...reference.filters }, signal),
    staleTime: 30_000,
  };
}

/**
 * A searchable combobox over another area's records, asking the server as the user types,
 * so it stays usable with 100,000 vehicles.
 */
/** `clearLabel` (for an optional link) adds a button that leaves the field with no record. */
export function ReferencePicker({
  id,
  value,
  onChange,
  reference,
  placeholder = 'Select...',
  clearLabel,
}: {
  id: string;
  value: string;
  /** The chosen record's id and its choice ('' and null when cleared). */
  onChange(value: string, row: Row | null): void;
  reference: ReferenceSpec;
  placeholder?: string;
  clearLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 250);
  const listId = useId();
  const choices = useQuery({ ...firstChoicesQuery(reference, q), enabled: open, placeholderData: keepPreviousData });
  const current = useQuery(chosenQuery(reference, value));
  const rows = choices.data?.items ?? [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(row: Row) {
    onChange(row.id, row);
    setOpen(false);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, rows.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter' && rows[active]) choose(rows[active]);
    else return;
    event.preventDefault();
  }

  const shown = value === '' ? '' : shownLabel(value, current);

  if (clearLabel && value !== '') {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <div className="min-w-0 flex-1">
          <ReferencePicker id={id} value={value} onChange={onChange} reference={reference} placeholder={placeholder} />
        </div>
        <button type="button" className={buttonClasses('ghost', 'icon-sm')} aria-label={clearLabel} title={clearLabel} onClick={() => onChange('', null)}>
          <X />
        </button>
      </div>
    );
  }

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setActive(0);
      }}
    >
      <PopoverTrigger asChild>
        <button
          type="button"
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          className={cn(inputClasses, 'items-center justify-between gap-2 text-left')}
        >
          <span className={cn('min-w-0 truncate', !shown && 'text-muted-foreground')}>{shown || placeholder}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-60" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-64 p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <Search className="size-4 text-muted-foreground" />
          <input
            autoFocus
            aria-label="Search choices"
            aria-controls={listId}
            className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            placeholder="Type to search..."
            value={text}
            maxLength={200}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-expanded
            aria-autocomplete="list"
            aria-activedescendant={rows[active] ? optionId(active) : undefined}
          />
          {choices.isFetching && <Loader2 className="size-4 animate-spin text-muted-foreground" />}
        </div>
        <ul id={listId} role="listbox" className="max-h-64 overflow-y-auto p-1">
          {rows.map((row, index) => {
            const status = row.status;
            const unusable = status !== undefined && reference.usableStatus !== undefined && status !== reference.usableStatus;
            return (
              <li
                key={row.id}
                id={optionId(index)}
                role="option"
                aria-selected={row.id === value}
                aria-label={row.label}
                aria-description={status}
                className={cn('flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm', index === active && 'bg-accent text-accent-foreground')}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(row)}
              >
                <Check className={cn('size-4 shrink-0', row.id === value ? 'opacity-100' : 'opacity-0')} aria-hidden />
                <span className={cn('min-w-0 flex-1 truncate', unusable && 'text-muted-foreground')}>{row.label}</span>
                {status && (
                  <span
                    aria-hidden
                    className={cn('shrink-0 rounded px-1.5 text-xs', unusable ? 'bg-destructive/10 text-destructive' : 'text-muted-foreground')}
                  >
                    {status}
                  </span>
                )}
              </li>
            );
          })}
          {!choices.isFetching && rows.length === 0 && (
            <li role="presentation" className="px-2 py-3 text-center text-sm text-muted-foreground">
              No matches.
            </li>
          )}
        </ul>
        {choices.data?.hasMore && <p className="border-t px-3 py-1.5 text-xs text-muted-foreground">Showing {rows.length} of many — type to narrow down.</p>}
      </PopoverContent>
    </Popover>
  );
}
