import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, Download, Eye, Pencil, Plus, Rows3, Search, Trash2, X } from 'lucide-react';
import { PAGE_OUT_OF_REACH, defaultSortOf, lastReachablePage, linksTo, rangeParam, rangeParams, todayIn, type AreaDefinition } from '@raahi/domain';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../page-header';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/dialog';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { useToast, type ToastMessage } from '../ui/toast';
import { api, ApiError, companyTimeZone, queryString } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import type { AreaClient } from './area-client';
import { DataTable } from './data-table';
import type { FieldSpec } from './form-fields';
import { RecordFormDialog, type FormTexts } from './record-form-dialog';
import { DateRangeFilter } from './date-range-filter';
import { ImportAction } from './import-action';
import { firstChoicesQuery, ReferencePicker, type ReferenceSpec } from './reference-picker';
import { PAGE_SIZES, useDebouncedSearch, useListParams, useListPreferences, useRecordDialogParam } from './use-list-params';
import { useAuth } from '../../app/auth';
import { useCan } from '../../app/use-can';

export interface FilterSpec {
  /** The list query parameter, e.g. 'status'. */
  param: string;
  label: string;
  allLabel: string;
  /** The choices, 'present' for the distinct values found in the data, or the records of another area (by id). */
  options: readonly string[] | 'present' | { reference: ReferenceSpec };
  /** How a choice reads where it differs from its value ('Expires Soon' → 'Expiring Soon (30d)'). */
  optionLabels?: Readonly<Record<string, string>>;
}

type Row = { id: string; version: number };

/** Everything one area's screen declares; the shared machinery does the rest. */
export interface AreaPageConfig<R extends Row> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: AreaDefinition<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  client: AreaClient<R, any>;
  title: string;
  subtitle?: string;
  addLabel: string;
  cardTitle?: string;
  searchPlaceholder: string;
  filters: FilterSpec[];
  columns: ColumnDef<R>[];
  /**
   * emptyFilteredHint: the empty state's sub-text when a search or filter is on (a generic one by default).
   * fetchErrorTitle: the fetch-failure toast's title, with the server's message as its description; without it
   * the toast is titled 'Error' and says `fetchError`.
   */
  texts: { loading: string; empty: string; emptyHint?: string; emptyFilteredHint?: string; fetchError: string; fetchErrorTitle?: string };
  form: { fields: readonly FieldSpec[]; texts: FormTexts };
  toasts: { saved(row: R, added: boolean): ToastMessage; deleted(row: R): ToastMessage };
  deleteConfirm: { title: string; description(row: R): ReactNode; confirmLabel: string };
  /** Extra row actions drawn before edit and delete. */
  rowActions?: (row: R) => ReactNode;
  /** Buttons the specification shows but gives no action (present, and doing nothing). */
  inertActions?: readonly string[];
  /** Those of the buttons above that now act, by label, in their place (e.g. a button opening a lazily loaded dialog). */
  activeActions?: Readonly<Record<string, ReactNode>>;
  /** Drawn between the title and the list (a decorative image the specification shows). */
  banner?: ReactNode;
}

const ALL = '__all__';

/** The user's time zone, in which the export writes date-times. */
const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Why a list could not be fetched, in words a user can act on. */
function failureReason(error: Error): string {
  if (error instanceof ApiError && error.status === 0)
    return 'The server cannot be reached. Check the connection; the list loads again by itself when it is back.';
  if (error instanceof ApiError && error.status >= 500) return `The server could not answer (${error.message}). Try again in a moment.`;
  return error.message;
}

/** A screen of one area: its title and actions above its list. */
export function AreaPage<R extends Row>({ config }: { config: AreaPageConfig<R> }) {
  return <AreaList config={config} />;
}

/** One area's list as a part of another's screen (maintenance's service schedules), under the prefix of its URL parameters. */
export function AreaSection<R extends Row>({
  config,
  prefix,
  fixed,
  initial,
}: {
  config: AreaPageConfig<R>;
  prefix: string;
  fixed?: Readonly<Record<string, string>>;
  /** Further values a new record starts with (an entity's kind: `entityArea: 'vehicles'`). */
  initial?: Readonly<Record<string, string>>;
}) {
  return <AreaList config={config} prefix={prefix} fixed={fixed} initial={initial} />;
}

const NOTHING_FIXED: Readonly<Record<string, string>> = {};

/** One list of a screen with several (Sales: leads, quotations, orders), under the prefix of its URL parameters. */
export interface AreaSectionSpec {
  /** Names this list's URL parameters (`leads.q`, `leads.page`, `leads.edit`). */
  prefix: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  config: AreaPageConfig<any>;
}

/** The URL parameter naming the section shown on a screen of several (`?section=quotations`). */
export const SECTION_PARAM = 'section';

/**
 * The section an address shows: the one it names; else the first whose own parameters it holds (a link to
 * `?logs.edit=RFL…` opens the logs); else the first.
 */
function shownSection(params: URLSearchParams, sections: readonly AreaSectionSpec[]): string {
  const named = params.get(SECTION_PARAM);
  if (sections.some((s) => s.prefix === named)) return named!;
  const keys = [...params.keys()];
  return (sections.find((s) => keys.some((key) => key.startsWith(`${s.prefix}.`))) ?? sections[0]).prefix;
}

/**
 * A screen of several areas, one section each, shown one at a time as tabs (the chosen one in the URL), so
 * that every section is one keystroke from the page's top and only the shown one loads. Each section is a
 * full list (search, filters, sort, page, dialogs) with its own URL parameters, kept while another is shown.
 */
export function AreaSectionsPage({ title, subtitle, sections: declared }: { title: string; subtitle?: string; sections: readonly AreaSectionSpec[] }) {
  // Only the sections the user's role may view (the page is not in the sidebar unless one is).
  const { can } = useCan();
  const sections = useMemo(() => declared.filter((section) => can(section.config.area.key, 'view')), [declared, can]);
  const [searchParams, setSearchParams] = useSearchParams();
  // The section last shown: an address that names none and holds no section's parameters (a dialog opened by
  // a link, now closed, whose navigation raced the one that named its section) keeps it rather than the first.
  const [lastShown, setLastShown] = useState<string | null>(null);
  const fromAddress = shownSection(searchParams, sections);
  const unnamed = searchParams.get(SECTION_PARAM) === null && fromAddress === sections[0].prefix;
  const shown = unnamed && lastShown ? lastShown : fromAddress;
  const show = useCallback(
    (prefix: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(SECTION_PARAM, prefix);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  // A section shown because the address held its parameters stays shown once they go (its dialog closed).
  const named = searchParams.get(SECTION_PARAM);
  useEffect(() => {
    setLastShown(shown);
    if (named !== shown && shown !== sections[0].prefix) show(shown);
  }, [named, shown, sections, show]);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={title} subtitle={subtitle} />
      <Tabs value={shown} onValueChange={show} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <TabsList aria-label={title}>
          {sections.map((section) => (
            <TabsTrigger key={section.prefix} value={section.prefix}>
              {section.config.title}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Only the shown section is mounted, so only it asks the server for its list and pick-lists. */}
        {sections.map((section) => (
          <TabsContent key={section.prefix} value={section.prefix}>
            <AreaList config={section.config} prefix={section.prefix} linkedFrom={linkingAreas(section, sections)} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/**
 * The other sections whose records name this section's (logs and invoices show a station's name): a save
 * or delete here refreshes them too, so a renamed station is not shown by its old name in their tabs.
 */
function linkingAreas(section: AreaSectionSpec, sections: readonly AreaSectionSpec[]): string[] {
  const key = section.config.area.key;
  const linking = new Set<string>(linksTo(key).map((link) => link.from));
  return sections.filter((other) => other !== section && linking.has(other.config.area.key)).map((other) => other.config.client.key);
}

/**
 * The list of one area with its dialogs. Alone on a screen (no prefix) its title is the page's heading and its
 * actions sit beside it; as one section of several, the title heads its card (`config.title`) with the actions.
 */
function AreaList<R extends Row>({
  config,
  prefix,
  linkedFrom = [],
  fixed = NOTHING_FIXED,
  initial,
}: {
  config: AreaPageConfig<R>;
  prefix?: string;
  linkedFrom?: readonly string[];
  /**
   * Filters the list always has, not in the URL and not removable (a record page's tab: `vehicleId=VEH…`): its
   * page, total and export honour them, their controls are not shown, and a new record starts with those of them
   * that are form fields.
   */
  fixed?: Readonly<Record<string, string>>;
  initial?: Readonly<Record<string, string>>;
}) {
  const { area, client, texts } = config;
  const startWith = useMemo(() => ({ ...fixed, ...initial }), [fixed, initial]);
  const filters = useMemo(() => config.filters.filter((f) => !(f.param in fixed)), [config.filters, fixed]);
  const toast = useToast();
  const queryClient = useQueryClient();
  // Derived states the screen offers no control for (a vehicle In Fleet, maintenance Overdue), which the
  // dashboard's links filter by: read from the address and shown as a filter one can remove.
  const linkedFilters = useMemo(() => Object.keys(area.derived ?? {}).filter((name) => !filters.some((f) => f.param === name)), [filters, area]);
  // The choice filters, then the From–To ends of the area's date filters, then those.
  const filterNames = useMemo(() => [...filters.map((f) => f.param), ...Object.keys(rangeParams(area)), ...linkedFilters], [filters, area, linkedFilters]);
  const { params, update } = useListParams(filterNames, prefix);
  const { user } = useAuth();
  // Controls the user's role may not use are not shown (the server refuses them anyway).
  const allowed = useCan();
  const may = {
    create: allowed.can(area.key, 'create'),
    update: allowed.can(area.key, 'update'),
    delete: allowed.can(area.key, 'delete'),
    export: allowed.can(area.key, 'export'),
  };
  const hiddenFields = allowed.hidden(area.key).join(',');
  const formFields = useMemo(() => config.form.fields.filter((f) => !hiddenFields.split(',').includes(f.name)), [config.form.fields, hiddenFields]);
  const [preferences, setPreferences] = useListPreferences(user?.id ?? 'anonymous');
  const pageSize = params.pageSize ?? preferences.pageSize;
  const tableTop = useRef<HTMLDivElement>(null);
  /** Another page: a history entry of its own, and the table's top in view. */
  const goToPage = (page: number) => {
    update({ page });
    tableTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const commitSearch = useCallback((q: string) => update({ q }), [update]);
  const [searchText, setSearchText] = useDebouncedSearch(params.q, commitSearch);
  const dialog = useRecordDialogParam(prefix);
  const [deleting, setDeleting] = useState<R | null>(null);

  // Derived states (expiry, stock level) are judged by the server, by today in the company's zone; the day is
  // in the key only so that a list shown across midnight there is asked again.
  const today = Object.keys(area.derived ?? {}).length > 0 ? todayIn(companyTimeZone()) : undefined;
  const matching = { q: params.q || undefined, ...Object.fromEntries(Object.entries(params.filters).filter(([, v]) => v)), ...fixed };
  const query = { ...matching, page: params.page, pageSize, sort: params.sort, order: params.sort ? (params.order ?? 'asc') : undefined };
  const list = useQuery({
    queryKey: [client.key, 'list', query, today],
    queryFn: ({ signal }) => client.list(query, signal),
    placeholderData: keepPreviousData,
    // Always ask again when a list is shown or the window regains focus: other people change records
    // too, and a list that failed loads again by itself once the connection is back (also on 'online').
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  // The total arrives by itself, after the page: counting a common search costs many pages.
  const counted = useQuery({
    queryKey: [client.key, 'total', matching, today],
    queryFn: ({ signal }) => client.total(matching, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    if (list.isError) {
      console.error(texts.fetchError, list.error);
      toast(
        texts.fetchErrorTitle
          ? { title: texts.fetchErrorTitle, description: list.error.message, variant: 'destructive' }
          : { title: 'Error', description: texts.fetchError, variant: 'destructive' },
      );
    }
  }, [list.isError, list.error, texts.fetchError, texts.fetchErrorTitle, toast]);

  // The add button waits until the form's pick-lists can be used (as the specification asks).
  const referenceFields = may.create ? formFields.filter((f) => f.reference) : [];
  const pickLists = useQueries({ queries: referenceFields.map((f) => firstChoicesQuery(f.reference!)) });
  const pickListsReady = pickLists.every((q) => q.isSuccess);
  const failedPickList = referenceFields.find((_, i) => pickLists[i].isError)?.reference?.fetchError;
  // One toast shows at a time: when the list itself failed, its toast is the one to read.
  const listFailed = list.isError;
  useEffect(() => {
    if (failedPickList && !listFailed) toast({ title: 'Error', description: failedPickList, variant: 'destructive' });
  }, [failedPickList, listFailed, toast]);

  // Filters built from the values present in the data ('All Types' plus each type in use).
  const presentFilters = filters.filter((f) => f.options === 'present');
  const presentValues = useQueries({
    queries: presentFilters.map((f) => ({
      queryKey: [client.key, 'values', f.param],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<{ values: string[] }>(`/api/${client.key}/values/${f.param}`, { signal }),
      staleTime: 30_000,
    })),
  });
  const optionsOf = (filter: FilterSpec): readonly string[] =>
    filter.options === 'present' ? (presentValues[presentFilters.indexOf(filter)]?.data?.values ?? []) : Array.isArray(filter.options) ? filter.options : [];
  // The order the server gives when none is chosen (it may depend on a filter: documents by expiry within an expiry filter).
  const shownSort = params.sort ? { sort: params.sort, order: params.order ?? 'asc' } : defaultSortOf(area, params.filters);

  const remove = useMutation({
    mutationFn: (row: R) => client.remove(row.id),
    onSuccess: (_, row) => {
      for (const key of [client.key, ...linkedFrom]) queryClient.invalidateQueries({ queryKey: [key] });
      toast({ variant: 'destructive', ...config.toasts.deleted(row) });
      setDeleting(null);
    },
    onError: (err) => {
      console.error('Delete failed:', err);
      toast({ title: 'Delete Failed', description: err.message, variant: 'destructive' });
      setDeleting(null);
    },
  });

  const openDialog = dialog.open;
  const openForm = useCallback((row: R | null) => openDialog(row?.id ?? null), [openDialog]);

  const columns = useMemo<ColumnDef<R>[]>(
    () => [
      // A column of the fixed record says the same on every row (a vehicle's page lists its trips): left out.
      // A column of a field the role may not see (a trip's cost without view of the cost records) is not offered either.
      ...config.columns.filter((c) => !(c.id && (c.id in fixed || `${c.id}Id` in fixed || hiddenFields.split(',').includes(c.id)))),
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            {config.rowActions?.(row.original)}
            {may.update ? (
              <Button variant="ghost" size="icon-sm" aria-label={`Edit ${row.original.id}`} title="Edit" onClick={() => openForm(row.original)}>
                <Pencil />
              </Button>
            ) : (
              // A user who may not edit opens the record read-only.
              <Button variant="ghost" size="icon-sm" aria-label={`View ${row.original.id}`} title="View" onClick={() => openForm(row.original)}>
                <Eye />
              </Button>
            )}
            {may.delete && (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Delete ${row.original.id}`}
                title="Delete"
                className="text-destructive hover:text-destructive"
                onClick={() => setDeleting(row.original)}
              >
                <Trash2 />
              </Button>
            )}
          </div>
        ),
      },
    ],
    [config, openForm, may.update, may.delete, fixed, hiddenFields],
  );

  const rows = list.isError ? [] : (list.data?.items ?? []);

  // The record of an `?edit=ID` address: from the page shown, or read by itself (a link, a reload).
  const editId = dialog.target?.mode === 'edit' ? dialog.target.id : null;
  const listed = editId ? rows.find((row) => row.id === editId) : undefined;
  const record = useQuery({
    queryKey: [client.key, 'record', editId],
    queryFn: ({ signal }) => client.get(editId!, signal),
    enabled: editId !== null && !listed,
    retry: false,
  });
  const editing = editId ? (listed ?? record.data ?? null) : null;
  const closeDialog = dialog.close;
  useEffect(() => {
    if (!record.isError) return;
    toast({ title: 'Error', description: record.error.message, variant: 'destructive' });
    closeDialog();
  }, [record.isError, record.error, toast, closeDialog]);
  const formOpen = dialog.target?.mode === 'new' ? may.create && pickListsReady : editing !== null;
  // Until the total arrives (or when it could not be counted), the pages are known from hasMore alone.
  const total = list.isError || counted.isError || counted.isPlaceholderData ? undefined : counted.data?.total;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const first = rows.length === 0 ? 0 : (params.page - 1) * pageSize + 1;
  const last = (params.page - 1) * pageSize + rows.length;
  // After deleting the last row of the last page (or following an old link), step back to a page that exists.
  const lastPage = pages === undefined ? null : Math.min(pages, lastReachablePage(pageSize));
  // Deep pages are out of reach (the server refuses them: each would scan every row before it).
  const atReach = params.page >= lastReachablePage(pageSize) && Boolean(list.data?.hasMore);
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage && !list.isPlaceholderData) update({ page: lastPage }, false);
  }, [lastPage, params.page, list.isPlaceholderData, update]);
  const shown = rows.length === 0 ? 'No records' : `Showing ${formatNumber(first)}–${formatNumber(last)}`;
  const ofTotal = total === undefined ? '' : ` of ${counted.data?.totalIsEstimate ? 'about ' : ''}${formatNumber(total)}`;

  const filtered = Boolean(params.q || Object.values(params.filters).some(Boolean));
  const clearFilters = () => {
    setSearchText('');
    update({ q: undefined, ...Object.fromEntries(filterNames.map((name) => [name, undefined])) });
  };

  const actions = (
    <>
      {config.inertActions?.map(
        (label) =>
          config.activeActions?.[label] ?? (
            <Button key={label} type="button" variant="outline">
              {label}
            </Button>
          ),
      )}
      {/* Every row of the current search, filters and sort, streamed by the server. */}
      {may.export && (
        <a
          className={buttonClasses('outline')}
          href={`/api/${client.key}/export${queryString({ ...query, page: undefined, pageSize: undefined, tz: userTimeZone() })}`}
          download
        >
          <Download aria-hidden /> Export CSV
        </a>
      )}
      {/* A record page's tab (fixed filters) lists a part of the area: import belongs to the area's own list. */}
      {may.create && Object.keys(fixed).length === 0 && (
        <ImportAction area={client.key} plural={area.plural} refresh={[client.key, ...linkedFrom]} mayUpdate={may.update} mayDelete={may.delete} />
      )}
      {may.create && (
        <Button onClick={() => openForm(null)} disabled={!pickListsReady}>
          <Plus /> {config.addLabel}
        </Button>
      )}
    </>
  );
  const headingId = `${prefix ?? area.key}-heading`;
  // On a screen of several lists, each list's controls say whose they are ('Search Lead Management').
  const named = (control: string) => (prefix ? `${control} ${config.title}` : control);

  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
    <section className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-labelledby={prefix ? headingId : undefined}>
      {!prefix && <PageHeader title={config.title} subtitle={config.subtitle} actions={actions} />}
      {config.banner}
      <Card ref={tableTop} className="scroll-mt-20">
        <CardHeader className="gap-4">
          {prefix ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="grid gap-1">
                <h2 id={headingId} className="text-lg font-semibold leading-tight">
                  {config.title}
                </h2>
                {config.subtitle && <p className="text-sm text-muted-foreground">{config.subtitle}</p>}
              </div>
              <div className="flex flex-wrap gap-2">{actions}</div>
            </div>
          ) : (
            config.cardTitle && <CardTitle>{config.cardTitle}</CardTitle>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <div className="relative min-w-56 flex-1">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                type="search"
                aria-label={named('Search')}
                placeholder={config.searchPlaceholder}
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                className="pl-9"
                maxLength={200}
              />
            </div>
            {filters.map((filter) =>
              typeof filter.options === 'object' && 'reference' in filter.options ? (
                <div key={filter.param} className="w-56">
                  <label htmlFor={`${headingId}-${filter.param}`} className="sr-only">
                    Filter by {filter.label}
                  </label>
                  <ReferencePicker
                    id={`${headingId}-${filter.param}`}
                    value={params.filters[filter.param] ?? ''}
                    onChange={(id) => update({ [filter.param]: id || undefined })}
                    reference={filter.options.reference}
                    placeholder={filter.allLabel}
                    clearLabel={`Clear the ${filter.label} filter`}
                  />
                </div>
              ) : (
                <Select
                  key={filter.param}
                  aria-label={`Filter by ${filter.label}`}
                  className="w-48"
                  value={params.filters[filter.param] || ALL}
                  onValueChange={(value) => update({ [filter.param]: value === ALL ? undefined : value })}
                  options={[{ value: ALL, label: filter.allLabel }, ...optionsOf(filter).map((o) => ({ value: o, label: filter.optionLabels?.[o] ?? o }))]}
                />
              ),
            )}
            {Object.keys(area.ranges ?? {}).map((field) => (
              <DateRangeFilter
                key={field}
                label={area.fieldLabels[field] ?? field}
                from={params.filters[rangeParam(field, 'From')] ?? ''}
                to={params.filters[rangeParam(field, 'To')] ?? ''}
                onChange={(end, iso) => update({ [rangeParam(field, end)]: iso })}
              />
            ))}
            {linkedFilters
              .filter((name) => params.filters[name])
              .map((name) => (
                <span
                  key={name}
                  className="inline-flex items-center gap-1 rounded-full border bg-muted px-3 py-1 text-sm"
                  data-testid={`linked-filter-${name}`}
                >
                  {params.filters[name]}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove the ${params.filters[name]} filter`}
                    title="Remove filter"
                    onClick={() => update({ [name]: undefined })}
                  >
                    <X aria-hidden />
                  </Button>
                </span>
              ))}
          </div>
        </CardHeader>
        <CardContent className="px-0 pb-0">
          <DataTable
            columns={columns}
            rows={rows}
            sortable={area.sorts}
            sort={shownSort.sort}
            order={shownSort.order}
            // From the default order, its own column's next step is ascending (the cycle would otherwise stay on the default).
            onSort={(sort, order) => update(sort === undefined && !params.sort ? { sort: shownSort.sort, order: 'asc' } : { sort, order })}
            density={preferences.density}
            columnsKey={`${area.key}.${user?.id ?? 'anonymous'}`}
            loading={list.isFetching}
            dimmed={list.isPlaceholderData}
            loadingText={texts.loading}
            emptyTitle={texts.empty}
            emptyText={
              filtered
                ? (texts.emptyFilteredHint ?? 'No records match your search or filters.')
                : may.create
                  ? (texts.emptyHint ?? `Click '${config.addLabel}' to create the first one.`)
                  : 'None have been added yet.'
            }
            onClearFilters={filtered ? clearFilters : undefined}
            error={list.isError ? { title: texts.fetchError, reason: failureReason(list.error), onRetry: () => void list.refetch() } : undefined}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t px-5 py-3 text-sm text-muted-foreground">
            <span aria-live="polite">
              {shown}
              {rows.length > 0 && ofTotal}
            </span>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={preferences.density === 'compact'}
                title="Show more rows at once"
                onClick={() => setPreferences({ density: preferences.density === 'compact' ? 'comfortable' : 'compact' })}
              >
                <Rows3 aria-hidden /> Compact
              </Button>
              <Select
                aria-label={named('Rows per page')}
                className="w-36 whitespace-nowrap"
                value={String(pageSize)}
                onValueChange={(value) => {
                  setPreferences({ pageSize: Number(value) });
                  update({ pageSize: value, page: undefined }, false);
                }}
                options={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
              />
              <span>
                Page {formatNumber(params.page)}
                {pages !== undefined && ` of ${formatNumber(pages)}`}
              </span>
              <Button variant="outline" size="sm" aria-label={named('Previous page')} disabled={params.page <= 1} onClick={() => goToPage(params.page - 1)}>
                <ChevronLeft /> Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label={named('Next page')}
                disabled={!list.data?.hasMore || list.isPlaceholderData || atReach}
                title={atReach ? PAGE_OUT_OF_REACH.message : undefined}
                onClick={() => goToPage(params.page + 1)}
              >
                Next <ChevronRight />
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>

      <RecordFormDialog
        area={area}
        client={client}
        fields={formFields}
        texts={config.form.texts}
        record={editing}
        readOnly={editing !== null && !may.update}
        open={formOpen}
        onClose={dialog.close}
        savedToast={config.toasts.saved}
        alsoRefresh={linkedFrom}
        initial={startWith}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={config.deleteConfirm.title}
        description={deleting ? config.deleteConfirm.description(deleting) : ''}
        confirmLabel={config.deleteConfirm.confirmLabel}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
