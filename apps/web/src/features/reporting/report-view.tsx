import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Download, FileText, Flag } from 'lucide-react';
import { formatReportCell, isNumericKind, type ReportAnswer, type ReportColumn, type ReportFilter, type ReportKey, type ReportRow } from '@raahi/domain';
import { DateRangeFilter } from '../../components/area/date-range-filter';
import { FileDownloadLink } from '../../components/file-download-link';
import { ReferencePicker, type ReferenceSpec } from '../../components/area/reference-picker';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/utils';
import { driverReference, stationReference, vehicleReference } from '../references';
import { REPORT_QUERY_PARAMS, reportFileUrl, useReport, type CatalogueItem, type ReportQuery } from './reports-api';
import { AnswerFailed, AnswerNotes, BackToReporting } from './report-parts';

const ReportChart = lazy(() => import('./report-chart'));

const PICKERS: Partial<Record<ReportFilter, { label: string; reference: ReferenceSpec; all: string }>> = {
  vehicle: { label: 'Vehicle', reference: vehicleReference, all: 'All Vehicles' },
  driver: { label: 'Driver', reference: driverReference, all: 'All Drivers' },
  station: { label: 'Station', reference: stationReference, all: 'All Stations' },
};

/** A cell as the PDF shows it (formatReportCell); a raised flag marked, money and numbers right-aligned. */
function Cell({ column, row, strong }: { column: ReportColumn; row: ReportRow; strong?: boolean }) {
  const value = row[column.key];
  const text = value === undefined ? '' : formatReportCell(column.kind, value);
  if (column.kind === 'flag' && value === true) {
    return (
      <TableCell className="whitespace-nowrap font-medium text-red-600 dark:text-red-400">
        <Flag className="mr-1 inline size-3.5" aria-hidden />
        {text}
      </TableCell>
    );
  }
  // Short texts (ids, plates, statuses) on one line, the table scrolling sideways; a long one wraps.
  const long = text.length > 40;
  return (
    <TableCell className={cn(long ? 'min-w-64' : 'whitespace-nowrap', isNumericKind(column.kind) && 'text-right tabular-nums', strong && 'font-semibold')}>
      {text}
    </TableCell>
  );
}

function ReportTable({ answer }: { answer: ReportAnswer }) {
  const { columns, rows, totals } = answer;
  const first = columns[0]?.key;
  const shownTotals = totals && first !== undefined && (totals[first] === undefined || totals[first] === null) ? { ...totals, [first]: 'Total' } : totals;
  // A wide report scrolls sideways in a region the keyboard can reach.
  return (
    <div
      role="region"
      aria-label={`${answer.title} table`}
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Table aria-label={answer.title} containerClassName="overflow-visible">
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.key} className={cn(isNumericKind(column.kind) && 'text-right')}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                No rows for this period and filters.
              </TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => (
            <TableRow key={index}>
              {columns.map((column) => (
                <Cell key={column.key} column={column} row={row} />
              ))}
            </TableRow>
          ))}
        </TableBody>
        {shownTotals && (
          <tfoot className="border-t-2 bg-muted/40">
            <TableRow aria-label="Totals">
              {columns.map((column) => (
                <Cell key={column.key} column={column} row={shownTotals} strong />
              ))}
            </TableRow>
          </tfoot>
        )}
      </Table>
    </div>
  );
}

/** One report: its filters (in the URL), chart, paged table with totals, notes, and its CSV and PDF (issue 20). */
export function ReportView({ description }: { description: CatalogueItem }) {
  const key: ReportKey = description.key;
  const [searchParams, setSearchParams] = useSearchParams();
  const query: ReportQuery = Object.fromEntries(REPORT_QUERY_PARAMS.flatMap((name) => (searchParams.get(name) ? [[name, searchParams.get(name)!]] : [])));
  const report = useReport(key, query);
  const answer = report.data;
  const page = Number(query.page ?? 1);
  const mayExport = description.exportable;

  const update = (changes: ReportQuery, keepPage = false) => {
    const next = new URLSearchParams(searchParams);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!keepPage) next.delete('page');
    setSearchParams(next);
  };

  // The period answered: the URL's, or the server's default (the last full month) until one is chosen.
  const from = query.from ?? answer?.from ?? '';
  const to = query.to ?? answer?.to ?? '';
  const [customer, setCustomer] = useState(query.customer ?? '');
  useEffect(() => setCustomer(query.customer ?? ''), [query.customer]);

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <BackToReporting />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">{description.title}</h1>
            <p className="text-sm text-muted-foreground">{description.description}</p>
          </div>
          {mayExport && (
            <div role="group" aria-label="Export Reports (CSV, PDF)" className="flex flex-wrap gap-2">
              <FileDownloadLink className={buttonClasses('outline')} href={reportFileUrl(key, query, 'csv')} fallbackName={`${key}.csv`}>
                <Download aria-hidden /> Download CSV
              </FileDownloadLink>
              <FileDownloadLink className={buttonClasses('outline')} href={reportFileUrl(key, query, 'pdf')} fallbackName={`${key}.pdf`}>
                <FileText aria-hidden /> Download PDF
              </FileDownloadLink>
            </div>
          )}
        </div>
      </div>

      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 pt-5">
          {description.period && (
            <DateRangeFilter
              label="Period"
              from={from}
              to={to}
              onChange={(end, iso) => update(end === 'From' ? { from: iso, to: to || undefined } : { to: iso, from: from || undefined })}
            />
          )}
          {description.filters.map((filter) => {
            const picker = PICKERS[filter];
            if (picker) {
              return (
                <div key={filter} className="w-60">
                  <label htmlFor={`report-${filter}`} className="sr-only">
                    Filter by {picker.label}
                  </label>
                  <ReferencePicker
                    id={`report-${filter}`}
                    value={query[filter] ?? ''}
                    onChange={(id) => update({ [filter]: id || undefined })}
                    reference={picker.reference}
                    placeholder={picker.all}
                    clearLabel={`Clear the ${picker.label} filter`}
                  />
                </div>
              );
            }
            return (
              <form
                key={filter}
                className="flex items-center gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  update({ customer: customer.trim() || undefined });
                }}
              >
                <Input
                  aria-label="Customer"
                  placeholder="Customer name"
                  className="w-56"
                  maxLength={200}
                  value={customer}
                  onChange={(event) => setCustomer(event.target.value)}
                  onBlur={() => update({ customer: customer.trim() || undefined })}
                />
              </form>
            );
          })}
          {!description.period && <span className="text-sm text-muted-foreground">The records as they are today.</span>}
        </CardContent>
      </Card>

      {report.isError ? (
        <AnswerFailed error={report.error} onRetry={() => void report.refetch()} />
      ) : !answer ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading report...
        </p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Chart</CardTitle>
              {answer.from && answer.to && (
                <CardDescription>{`${formatReportCell('date', answer.from)} – ${formatReportCell('date', answer.to)}`}</CardDescription>
              )}
            </CardHeader>
            <CardContent>
              <Suspense fallback={<div className="h-72" role="status" aria-label="Loading chart" />}>
                <ReportChart answer={answer} />
              </Suspense>
            </CardContent>
          </Card>
          <Card className={cn(report.isPlaceholderData && 'opacity-70')} aria-busy={report.isFetching}>
            <CardContent className="grid gap-4 pt-5">
              <ReportTable answer={answer} />
              <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
                <span className="text-muted-foreground">Page {answer.page}</span>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" disabled={page <= 1 || report.isFetching} onClick={() => update({ page: String(page - 1) }, true)}>
                    <ChevronLeft aria-hidden /> Previous
                  </Button>
                  <Button variant="outline" size="sm" disabled={!answer.hasMore || report.isFetching} onClick={() => update({ page: String(page + 1) }, true)}>
                    Next <ChevronRight aria-hidden />
                  </Button>
                </div>
              </nav>
            </CardContent>
          </Card>
          <AnswerNotes notes={answer.notes} />
        </>
      )}
    </div>
  );
}
