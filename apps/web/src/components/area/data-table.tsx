import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, CircleAlert, Columns3, FilterX, Inbox, RotateCw } from 'lucide-react';
import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { useMediaQuery } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';

interface DataTableProps<Row> {
  columns: ColumnDef<Row>[];
  rows: Row[];
  /** Columns (by id) the server can sort on. */
  sortable: readonly string[];
  sort?: string;
  order?: 'asc' | 'desc';
  /** A new sort, or undefined to go back to the list's default order. */
  onSort(sort: string | undefined, order: 'asc' | 'desc' | undefined): void;
  density?: 'comfortable' | 'compact';
  loading: boolean;
  loadingText: string;
  emptyTitle: string;
  emptyText: string;
  dimmed?: boolean;
  /** The list could not be fetched: said in the table, with Retry, instead of an empty state. */
  error?: { title: string; reason: string; onRetry(): void };
  /** Offered in the empty state of a search or filter that matched nothing. */
  onClearFilters?: () => void;
  /**
   * Where the user's choice of optional columns (meta.optional) is remembered in this browser: the list and the
   * user ('trips.USR…'). Without it the choice lasts while the page is open.
   */
  columnsKey?: string;
}

/** Skeleton rows while the first page loads: the table's own layout, no jump when rows arrive. */
const SKELETON_ROWS = 6;

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Short fixed values (dates, amounts, statuses): the column takes their width, never cuts them; text columns share the rest. */
    keepWhole?: boolean;
    /** A column the user may add (the column chooser, "Columns"); hidden until chosen, so the specified table stays as it is. */
    optional?: boolean;
    /** Its name in the column chooser, where its header is not plain text. */
    chooserLabel?: string;
  }
}

/** The actions stay on screen at the table's right edge, however wide the table. */
const STICKY_ACTIONS = 'sticky right-0 w-px whitespace-nowrap bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

/**
 * Ids, actions and whole values take exactly their content's width (`w-px` in the automatic layout); the
 * text columns share what is left in proportion to their text, wrapping to three lines before anything is cut.
 */
const keepsWhole = (id: string, meta: { keepWhole?: boolean } | undefined) => id === 'actions' || id === 'id' || Boolean(meta?.keepWhole);
const columnWidth = (id: string, meta: { keepWhole?: boolean } | undefined) => (keepsWhole(id, meta) ? 'w-px' : undefined);

/** Below this width a list shows one card per record instead of a table. */
const PHONE = '(max-width: 767px)';

/** A value longer than three lines shows its full text on hover (screen readers have it whole: the cut is only drawn). */
const showFullText = (event: MouseEvent<HTMLElement>) => {
  const text = event.currentTarget;
  if ((text.scrollHeight > text.clientHeight || text.scrollWidth > text.clientWidth) && !text.title) text.title = text.textContent ?? '';
};

/** Sorting cycles ascending → descending → the list's default order. */
function nextSort(id: string, sort: string | undefined, order: 'asc' | 'desc' | undefined): [string | undefined, 'asc' | 'desc' | undefined] {
  if (sort !== id) return [id, 'asc'];
  return order === 'asc' ? [id, 'desc'] : [undefined, undefined];
}

const STORAGE_PREFIX = 'raahi.columns.';

/** The optional columns the user chose to show, as remembered under `key` (none when nothing is, or storage is off). */
function chosenColumns(key: string | undefined): string[] {
  if (!key) return [];
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The optional columns shown: chosen by the user, remembered per list and user in this browser. */
function useColumnChoice(columns: ColumnDef<unknown>[], key: string | undefined) {
  const optional = useMemo(
    () =>
      columns
        .filter((c) => c.meta?.optional && c.id)
        .map((c) => ({ id: c.id!, label: c.meta?.chooserLabel ?? (typeof c.header === 'string' ? c.header : c.id!) })),
    [columns],
  );
  const [shown, setShown] = useState<string[]>(() => chosenColumns(key));
  useEffect(() => setShown(chosenColumns(key)), [key]);
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...new Set([...shown, id])] : shown.filter((c) => c !== id);
    setShown(next);
    try {
      if (key) localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(next));
    } catch {
      // Storage full or off: the choice lasts while the page is open.
    }
  };
  const visibility: VisibilityState = Object.fromEntries(optional.map((c) => [c.id, shown.includes(c.id)]));
  return { optional, shown, toggle, visibility };
}

/** The column chooser: a button listing the optional columns, each with a tick. */
function ColumnChooser({ optional, shown, toggle }: Pick<ReturnType<typeof useColumnChoice>, 'optional' | 'shown' | 'toggle'>) {
  return (
    <div className="flex justify-end px-3 pt-2">
      <Popover>
        <PopoverTrigger asChild>
          <Button variant="outline" size="sm">
            <Columns3 aria-hidden /> Columns
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-56 p-2">
          <fieldset className="grid gap-1">
            <legend className="px-1 pb-1 text-sm font-semibold">Show columns</legend>
            {optional.map((c) => (
              <label key={c.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted">
                <input type="checkbox" className="size-4" checked={shown.includes(c.id)} onChange={(event) => toggle(c.id, event.target.checked)} />
                {c.label}
              </label>
            ))}
          </fieldset>
        </PopoverContent>
      </Popover>
    </div>
  );
}

/** The table of a list page: server-side sorting, loading, failure and empty states; cards on a phone; optional columns the user chooses. */
export function DataTable<Row extends { id: string }>(props: DataTableProps<Row>) {
  const {
    columns,
    rows,
    sortable,
    sort,
    order,
    onSort,
    loading,
    loadingText,
    emptyTitle,
    emptyText,
    dimmed,
    error,
    onClearFilters,
    density = 'comfortable',
    columnsKey,
  } = props;
  const choice = useColumnChoice(columns as ColumnDef<unknown>[], columnsKey);
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (row) => row.id,
    state: { columnVisibility: choice.visibility },
  });
  const span = table.getVisibleLeafColumns().length;
  const chooser = choice.optional.length > 0 ? <ColumnChooser optional={choice.optional} shown={choice.shown} toggle={choice.toggle} /> : null;
  const phone = useMediaQuery(PHONE);
  const cellPadding = density === 'compact' ? 'py-1' : 'py-2.5';

  let body: ReactNode;
  if (error && rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={span} className="h-48 text-center">
          <div role="alert" className="grid justify-items-center gap-2">
            <CircleAlert className="size-10 text-destructive" aria-hidden />
            <p className="text-base font-semibold">{error.title}</p>
            <p className="max-w-prose text-sm text-muted-foreground">{error.reason}</p>
            <Button variant="outline" size="sm" className="mt-1" onClick={error.onRetry} disabled={loading}>
              <RotateCw aria-hidden /> {loading ? 'Retrying…' : 'Retry'}
            </Button>
          </div>
        </TableCell>
      </TableRow>
    );
  } else if (loading && rows.length === 0) {
    body = (
      <>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <TableRow key={i} aria-hidden className="hover:bg-transparent">
            {table.getVisibleLeafColumns().map((_, c) => (
              <TableCell key={c}>
                <div className="h-4 animate-pulse rounded bg-muted" style={{ width: `${50 + ((i * 7 + c * 13) % 40)}%` }} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={span} className="h-48 text-center">
          <div className="grid justify-items-center gap-2">
            <Inbox className="size-10 text-muted-foreground/60" aria-hidden />
            <p className="text-base font-semibold">{emptyTitle}</p>
            <p className="text-sm text-muted-foreground">{emptyText}</p>
            {onClearFilters && (
              <Button variant="outline" size="sm" className="mt-1" onClick={onClearFilters}>
                <FilterX aria-hidden /> Clear filters
              </Button>
            )}
          </div>
        </TableCell>
      </TableRow>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <TableRow key={row.id}>
        {row.getVisibleCells().map((cell) => (
          <TableCell
            key={cell.id}
            className={cn(
              cellPadding,
              cell.column.id === 'actions' ? STICKY_ACTIONS : keepsWhole(cell.column.id, cell.column.columnDef.meta) && 'whitespace-nowrap',
            )}
          >
            {keepsWhole(cell.column.id, cell.column.columnDef.meta) ? (
              flexRender(cell.column.columnDef.cell, cell.getContext())
            ) : (
              // Text wraps to three lines at most, then is cut with an ellipsis; the whole text stays in the page.
              <div className="line-clamp-3 min-w-24 [overflow-wrap:anywhere]" onMouseEnter={showFullText}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </div>
            )}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  // On a phone: one card per record, the identifying column as its title and the actions on screen.
  if (phone && rows.length > 0 && !error) {
    return (
      <>
        {chooser}
        <ul className={cn('grid gap-3 p-3', dimmed && 'opacity-60 transition-opacity')} aria-label="Records" aria-busy={loading}>
          {table.getRowModel().rows.map((row) => {
            const [first, ...rest] = row.getVisibleCells();
            const actions = rest.find((cell) => cell.column.id === 'actions');
            return (
              <li key={row.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0 font-semibold">{flexRender(first.column.columnDef.cell, first.getContext())}</div>
                  {actions && <div className="-mr-1 -mt-1 shrink-0">{flexRender(actions.column.columnDef.cell, actions.getContext())}</div>}
                </div>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                  {rest
                    .filter((cell) => cell.column.id !== 'actions')
                    .map((cell) => (
                      <div key={cell.id} className="contents">
                        <dt className="text-muted-foreground">
                          {flexRender(
                            cell.column.columnDef.header,
                            table
                              .getHeaderGroups()[0]
                              .headers.find((h) => h.column.id === cell.column.id)!
                              .getContext(),
                          )}
                        </dt>
                        <dd className="min-w-0 break-words">{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                      </div>
                    ))}
                </dl>
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  const firstLoad = loading && rows.length === 0 && !error;
  return (
    <>
      {/* The specified loading text, for screen readers; sighted users see the skeleton rows. */}
      {firstLoad && (
        <p role="status" className="sr-only">
          {loadingText}
        </p>
      )}
      {chooser}
      {/* The table scrolls inside its card, so its header stays in view. */}
      {/* Automatic layout: whole values take their width, text columns share the rest by how much text they hold. */}
      <Table className={cn(dimmed && 'opacity-60 transition-opacity')} containerClassName="max-h-[calc(100vh-16rem)] min-h-48" aria-busy={loading}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const id = header.column.id;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                const width = columnWidth(id, header.column.columnDef.meta);
                // A header may wrap, so that a column of short values is not widened by its header's words.
                if (!sortable.includes(id))
                  return (
                    <TableHead key={header.id} className={cn(width, 'whitespace-normal', id === 'actions' && 'right-0 z-20')}>
                      {label}
                    </TableHead>
                  );
                const active = sort === id;
                const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
                return (
                  <TableHead
                    key={header.id}
                    className={cn(width, 'whitespace-normal')}
                    aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 text-left uppercase hover:text-foreground"
                      onClick={() => onSort(...nextSort(id, sort, order))}
                    >
                      {label}
                      <Icon className={cn('size-3 shrink-0', !active && 'opacity-40')} />
                    </button>
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </>
  );
}
