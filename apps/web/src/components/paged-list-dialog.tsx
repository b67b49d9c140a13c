import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table';
import { api, queryString } from '../lib/api';
import { formatNumber } from '../lib/format';

/** One page of a server-paged list (Track Pending Actions, View Reorder Suggestions). */
export interface ServerPage<R> {
  items: R[];
  total: number;
  /** More than the server counts exactly (50,000). */
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
}

export interface PagedColumn<R> {
  header: string;
  cell(row: R): ReactNode;
  className?: string;
}

const PAGE_SIZE = 25;

/** A list that answers its page as { rows, total } (the webhook deliveries, packages/domain/src/integrations.ts). */
interface RowsAndTotal<R> {
  rows: R[];
  total: number;
}
const asServerPage = <R,>(answer: ServerPage<R> | RowsAndTotal<R>, page: number): ServerPage<R> =>
  'rows' in answer ? { items: answer.rows, total: answer.total, totalIsCapped: false, page, pageSize: PAGE_SIZE } : answer;

/** A dialog listing a server-paged list: a page at a time, with its total and Previous/Next. */
export function PagedListDialog<R extends { id: string }>(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The API path of the list (page and pageSize are added). */
  path: string;
  columns: PagedColumn<R>[];
  empty: string;
  /** Beside the total (an Export CSV link). */
  actions?: ReactNode;
  /** More query parameters of the list (the webhook deliveries' status=failed). */
  params?: Record<string, string>;
}) {
  const { open, onOpenChange, title, description, path, columns, empty, actions, params } = props;
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [path, params, page],
    queryFn: async ({ signal }) =>
      asServerPage(await api<ServerPage<R> | RowsAndTotal<R>>(`${path}${queryString({ ...params, page, pageSize: PAGE_SIZE })}`, { signal }), page),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const first = data && data.items.length ? (data.page - 1) * PAGE_SIZE + 1 : 0;
  const last = data ? first + data.items.length - 1 : 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {list.isPending ? (
          <p className="py-6 text-sm text-muted-foreground">Loading...</p>
        ) : list.isError ? (
          <p role="alert" className="py-6 text-sm text-destructive">
            {list.error.message}
          </p>
        ) : data!.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <div className="grid gap-3">
            <div className="max-h-[60vh] overflow-auto rounded-md border">
              <Table aria-label={title}>
                <TableHeader>
                  <TableRow>
                    {columns.map((column) => (
                      <TableHead key={column.header} className={column.className}>
                        {column.header}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data!.items.map((row) => (
                    <TableRow key={row.id}>
                      {columns.map((column) => (
                        <TableCell key={column.header} className={column.className}>
                          {column.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data && data.items.length > 0
              ? `Showing ${formatNumber(first)}–${formatNumber(last)} of ${data.totalIsCapped ? 'more than ' : ''}${formatNumber(data.total)}`
              : ''}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || list.isFetching}>
              <ChevronLeft /> Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={!data || page >= pages || list.isFetching}>
              Next <ChevronRight />
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
