import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CalendarDays } from 'lucide-react';
import { displayDate, parseTypedDate } from '../../lib/date-entry';
import { Input } from '../ui/input';

/**
 * One end of a list's From–To filter: typed DD/MM/YYYY as everywhere in the app, or chosen from the browser's
 * calendar. The URL holds the ISO date; it changes when the text is a real date (or emptied), on leaving the
 * field or pressing Enter, so a half-typed date never filters the list.
 */
function DateEnd({
  name,
  value,
  onChange,
  problem,
}: {
  name: string;
  value: string;
  onChange(iso: string | undefined): void;
  problem(iso: string): string | null;
}) {
  const [text, setText] = useState(() => displayDate(value));
  const shown = useRef(value);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The URL changed from elsewhere (Back, Clear filters, a link): show it.
    if (value !== shown.current) {
      shown.current = value;
      setText(displayDate(value));
    }
  }, [value]);
  const iso = text.trim() === '' ? '' : parseTypedDate(text);
  // A real date on the wrong side of the other end would match nothing: marked, not applied.
  const wrong = iso === null ? 'Type a date as DD/MM/YYYY' : problem(iso);
  const commit = (next: string | null) => {
    if (next === null || problem(next)) return;
    setText(displayDate(next));
    if (next === shown.current) return;
    shown.current = next;
    onChange(next || undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit(iso);
  };
  return (
    <div className="relative w-36 sm:w-40">
      <Input
        aria-label={name}
        aria-invalid={wrong !== null || undefined}
        title={wrong ?? undefined}
        inputMode="numeric"
        autoComplete="off"
        placeholder="DD/MM/YYYY"
        maxLength={32}
        className="pr-9"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commit(iso)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="absolute right-1 top-1/2 grid size-7 -translate-y-1/2 place-items-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Open calendar: ${name}`}
        title="Choose from a calendar"
        onClick={() => {
          const input = picker.current;
          if (!input) return;
          input.value = iso || '';
          try {
            input.showPicker();
          } catch {
            input.focus();
          }
        }}
      >
        <CalendarDays className="size-4" aria-hidden />
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        className="pointer-events-none absolute bottom-0 right-0 size-px opacity-0"
        onChange={(event) => commit(event.target.value)}
      />
    </div>
  );
}

/** A list's From–To filter of one date field: 'Start Date from' and 'Start Date to', each end optional. */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string;
  to: string;
  onChange(end: 'From' | 'To', iso: string | undefined): void;
}) {
  return (
    <div role="group" aria-label={`Filter by ${label}`} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      {/* The two ends and their dash stay on one line; on a phone the label wraps above them. */}
      <div className="flex items-center gap-2">
        <DateEnd
          name={`${label} from`}
          value={from}
          onChange={(iso) => onChange('From', iso)}
          problem={(iso) => (iso && to && iso > to ? `Must not be after ${label} to` : null)}
        />
        <span aria-hidden className="text-muted-foreground">
          –
        </span>
        <DateEnd
          name={`${label} to`}
          value={to}
          onChange={(iso) => onChange('To', iso)}
          problem={(iso) => (iso && from && iso < from ? `Must not be before ${label} from` : null)}
        />
      </div>
    </div>
  );
}
