import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, CircleAlert, FilterX, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { cn } from '../../lib/utils';

interface DataTableProps<Row> {
  columns: ColumnDef<Row>[];
  rows: Row[];
  /** Columns (by id) the server can sort on. */
  sortable: readonly string[];
  sort?: string;
  order?: 'asc' | 'desc';
  onSort(sort: string, order: 'asc' | 'desc'): void;
  loading: boolean;
  loadingText: string;
  emptyTitle: string;
  emptyText: string;
  dimmed?: boolean;
  /** The list could not be fetched: said in the table, with Retry, instead of an empty state. */
  error?: { title: string; reason: string; onRetry(): void };
  /** Offered in the empty state of a search or filter that matched nothing. */
  onClearFilters?: () => void;
}

/** Skeleton rows while the first page loads: the table's own layout, no jump when rows arrive. */
const SKELETON_ROWS = 6;

/** The table of a list page: server-side sorting, loading and empty states. */
export function DataTable<Row extends { id: string }>(props: DataTableProps<Row>) {
  const { columns, rows, sortable, sort, order, onSort, loading, loadingText, emptyTitle, emptyText, dimmed, error, onClearFilters } = props;
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, manualPagination: true, getRowId: (row) => row.id });
  const span = columns.length;

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
            {columns.map((_, c) => (
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
          <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
        ))}
      </TableRow>
    ));
  }

  const firstLoad = loading && rows.length === 0 && !error;
  return (
    <>
      {/* The specified loading text, for screen readers; sighted users see the skeleton rows. */}
      {firstLoad && <p role="status" className="sr-only">{loadingText}</p>}
      <Table className={cn(dimmed && 'opacity-60 transition-opacity')} aria-busy={loading}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const id = header.column.id;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                if (!sortable.includes(id)) return <TableHead key={header.id}>{label}</TableHead>;
                const active = sort === id;
                const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
                return (
                  <TableHead key={header.id} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-foreground" onClick={() => onSort(id, active && order === 'asc' ? 'desc' : 'asc')}>
                      {label}
                      <Icon className={cn('size-3', !active && 'opacity-40')} />
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
