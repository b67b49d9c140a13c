import { useMemo } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import {
  ACCOUNT_AREA_LABELS,
  CHANGE_OPERATIONS,
  CHANGE_OPERATION_LABELS,
  activityAreaLabel,
  canReadActivityLog,
  type ActivityActors,
  type ChangeEntry,
  type HistoryPage,
} from '@raahi/domain';
import { PageHeader } from '../../components/page-header';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { DataTable } from '../../components/area/data-table';
import { DateRangeFilter } from '../../components/area/date-range-filter';
import { useListParams, useListPreferences } from '../../components/area/use-list-params';
import { useAuth } from '../../app/auth';
import { RECORD_SCREENS, recordAddress } from '../../app/record-screens';
import { api, queryString } from '../../lib/api';
import { changeWords, entryWords, snapshotWords } from '../../lib/change-words';
import { formatNumber, formatWhen } from '../../lib/format';

const FILTERS = ['actorId', 'area', 'operation', 'from', 'to'] as const;
const ALL = '__all__';
const areaName = (key: string) => activityAreaLabel(key, RECORD_SCREENS.get(key)?.area.plural);
const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What happened, in words: an update's fields; a deleted record's last state (the log keeps it); else what the entry did. */
function whatChanged(entry: ChangeEntry): string {
  const area = RECORD_SCREENS.get(entry.area)?.area;
  if (entry.operation === 'update' && entry.changes?.length) return entry.changes.map((change) => changeWords(change, area)).join('; ');
  const state = entry.operation === 'delete' ? snapshotWords(entry.snapshot, area) : '';
  return state ? `${entryWords(entry, area, 'named')}. Last state: ${state}` : entryWords(entry, area, 'named');
}

const columns: ColumnDef<ChangeEntry>[] = [
  { id: 'at', header: 'When', cell: ({ row }) => formatWhen(row.original.at), meta: { keepWhole: true } },
  { id: 'actor', header: 'User', cell: ({ row }) => row.original.actor.name },
  { id: 'area', header: 'Area', cell: ({ row }) => areaName(row.original.area), meta: { keepWhole: true } },
  {
    id: 'record',
    header: 'Record',
    meta: { keepWhole: true },
    cell: ({ row }) => {
      const { area, recordId, operation } = row.original;
      const to = recordId ? recordAddress(area, recordId, operation !== 'delete') : null;
      return to ? (
        <Link className="font-medium text-primary underline-offset-4 hover:underline" to={to}>
          {recordId}
        </Link>
      ) : (
        recordId || '—'
      );
    },
  },
  {
    id: 'operation',
    header: 'Operation',
    cell: ({ row }) => CHANGE_OPERATION_LABELS[row.original.operation] ?? row.original.operation,
    meta: { keepWhole: true },
  },
  { id: 'changes', header: 'Changes', cell: ({ row }) => whatChanged(row.original) },
];

/**
 * The Activity Log (administrators): every change entry, newest first, filtered by user, area, operation and
 * date range, with the lists' URL state, table and paging, and Export CSV of everything the filters match.
 */
export function ActivityLogPage() {
  const { user } = useAuth();
  const allowed = canReadActivityLog(user?.role ?? '');
  const { params, update } = useListParams(FILTERS);
  const [preferences] = useListPreferences(user?.id ?? 'anonymous');
  const pageSize = params.pageSize ?? preferences.pageSize;
  const filters = Object.fromEntries(Object.entries(params.filters).filter(([, value]) => value));
  const query = { ...filters, page: params.page, pageSize };
  const list = useQuery({
    queryKey: ['activity', 'list', query],
    queryFn: ({ signal }) => api<HistoryPage>(`/api/activity${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: allowed,
    staleTime: 0,
  });
  const actors = useQuery({
    queryKey: ['activity', 'actors'],
    queryFn: ({ signal }) => api<ActivityActors>('/api/activity/actors', { signal }),
    enabled: allowed,
    staleTime: 30_000,
  });
  const areaOptions = useMemo(
    () => [
      ...[...RECORD_SCREENS.keys()].map((key) => ({ value: key, label: areaName(key) })).sort((a, b) => a.label.localeCompare(b.label)),
      ...Object.entries(ACCOUNT_AREA_LABELS).map(([value, label]) => ({ value, label })),
    ],
    [],
  );

  if (!allowed) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Activity Log" />
        <p>You don't have access to the Activity Log. Ask an administrator if you need it.</p>
      </div>
    );
  }

  const rows = list.isError ? [] : (list.data?.items ?? []);
  const filtered = Object.keys(filters).length > 0;
  const first = (params.page - 1) * pageSize + 1;
  const choose = (name: string) => (value: string) => update({ [name]: value === ALL ? undefined : value });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Activity Log"
        subtitle="Who changed what, and when"
        actions={
          <a className={buttonClasses('outline')} href={`/api/activity/export${queryString({ ...filters, tz: userTimeZone() })}`} download>
            <Download aria-hidden /> Export CSV
          </a>
        }
      />
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-3">
            <Select
              aria-label="Filter by User"
              className="w-48"
              value={params.filters.actorId || ALL}
              onValueChange={choose('actorId')}
              options={[{ value: ALL, label: 'All Users' }, ...(actors.data?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.name }))]}
            />
            <Select
              aria-label="Filter by Area"
              className="w-48"
              value={params.filters.area || ALL}
              onValueChange={choose('area')}
              options={[{ value: ALL, label: 'All Areas' }, ...areaOptions]}
            />
            <Select
              aria-label="Filter by Operation"
              className="w-48"
              value={params.filters.operation || ALL}
              onValueChange={choose('operation')}
              options={[
                { value: ALL, label: 'All Operations' },
                ...CHANGE_OPERATIONS.map((operation) => ({ value: operation, label: CHANGE_OPERATION_LABELS[operation] })),
              ]}
            />
            <DateRangeFilter
              label="Date"
              from={params.filters.from ?? ''}
              to={params.filters.to ?? ''}
              onChange={(end, iso) => update({ [end === 'From' ? 'from' : 'to']: iso })}
            />
          </div>
        </CardHeader>
        <CardContent className="px-0 pb-0">
          <DataTable
            columns={columns}
            rows={rows}
            sortable={[]}
            onSort={() => undefined}
            density={preferences.density}
            loading={list.isFetching}
            dimmed={list.isPlaceholderData}
            loadingText="Loading activity..."
            emptyTitle="No Activity Found"
            emptyText={filtered ? 'No entries match your filters.' : 'Changes to records will appear here.'}
            onClearFilters={filtered ? () => update(Object.fromEntries(FILTERS.map((name) => [name, undefined]))) : undefined}
            error={list.isError ? { title: 'Could not fetch the Activity Log.', reason: list.error.message, onRetry: () => void list.refetch() } : undefined}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t px-5 py-3 text-sm text-muted-foreground">
            <span aria-live="polite">{rows.length === 0 ? 'No entries' : `Showing ${formatNumber(first)}–${formatNumber(first + rows.length - 1)}`}</span>
            <div className="flex items-center gap-2">
              <span>Page {formatNumber(params.page)}</span>
              <Button variant="outline" size="sm" aria-label="Previous page" disabled={params.page <= 1} onClick={() => update({ page: params.page - 1 })}>
                <ChevronLeft /> Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label="Next page"
                disabled={!list.data?.hasMore || list.isPlaceholderData}
                onClick={() => update({ page: params.page + 1 })}
              >
                Next <ChevronRight />
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
