import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { todayIn, type ListTotal } from '@raahi/domain';
import { AreaSection, type AreaPageConfig } from '../../components/area/area-page';
import { Card, CardContent } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError, companyTimeZone } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useCan } from '../../app/use-can';
import { NoAccessPage } from '../../app/no-access-page';

/** The URL parameter naming a record page's tab (`/vehicle-management/VEH…?tab=trips`). */
export const TAB_PARAM = 'tab';

/**
 * One tab of a record page: an area's ordinary list with the record fixed as a filter (`vehicleId=VEH…`), or other
 * content (its History). `key` names it in the URL and prefixes its list's parameters (`trips.q`, `trips.new`).
 */
export interface RecordTab {
  key: string;
  title: string;
  /** The area's own list configuration, reused as it is. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  config?: AreaPageConfig<any>;
  /** The filter naming the record; not removable, honoured by the page, total and export. */
  fixed?: Readonly<Record<string, string>>;
  /** Further values a record added from the tab starts with (a document's kind: `entityArea`). */
  initial?: Readonly<Record<string, string>>;
  /** Drawn above the list (the driver's Aadhaar card on Documents). */
  before?: ReactNode;
  /** A tab that is no list (History). */
  content?: ReactNode;
}

/** A record page's list tab: its area's list, titled by the tab, without the screen's own extra buttons and banner. */
function tabConfig(tab: RecordTab) {
  return { ...tab.config!, title: tab.title, subtitle: undefined, cardTitle: undefined, inertActions: undefined, activeActions: undefined, banner: undefined };
}

/**
 * A record's page: its head (what it is, its figures) and its tabs, one shown at a time (`?tab=`), each the
 * ordinary list of an area fixed to the record. Tabs of areas the user's role may not view are left out, as are
 * tabs whose filter the server refuses (a filter not yet offered). Each tab's label carries its count, from the
 * area's `/total` with the fixed filter (the same request, and cache entry, as the shown list's own total).
 */
export function RecordPage({
  screen,
  area,
  back,
  title,
  subtitle,
  badges,
  head,
  tabs: declared,
  missing,
}: {
  /** The screen's name as the sidebar says it ('Vehicle Management'), for the no-access page. */
  screen: string;
  /** The record's area: a role that may not view it gets the no-access page. */
  area: string;
  /** The list this record belongs to, as the way back. */
  back: { to: string; label: string };
  title: ReactNode;
  subtitle?: ReactNode;
  badges?: ReactNode;
  /** The figures under the title. */
  head?: ReactNode;
  tabs: readonly RecordTab[];
  /** Said instead of the head and tabs when the record is not there (deleted, or a mistyped address). */
  missing?: string | null;
}) {
  const { can, role } = useCan();
  const viewable = useMemo(() => declared.filter((tab) => !tab.config || can(tab.config.area.key, 'view')), [declared, can]);
  const lists = viewable.filter((tab) => tab.config);
  const totals = useQueries({
    queries: lists.map((tab) => {
      const { client, area: listed } = tab.config!;
      // The key the list's own total uses (area-page.tsx): the shown tab does not ask twice, and a save refreshes both.
      const today = Object.keys(listed.derived ?? {}).length > 0 ? todayIn(companyTimeZone()) : undefined;
      const fixed = { ...tab.fixed };
      return {
        queryKey: [client.key, 'total', fixed, today],
        queryFn: ({ signal }: { signal: AbortSignal }) => client.total(fixed, signal),
        staleTime: 0,
        retry: (count: number, error: Error) => !(error instanceof ApiError && error.status === 400) && count < 2,
      };
    }),
  });
  const totalOf = new Map<string, UseQueryResult<ListTotal>>(lists.map((tab, i) => [tab.key, totals[i]]));
  // A filter the server does not know (400): the tab would list everything, so it is not offered.
  const tabs = viewable.filter((tab) => !(totalOf.get(tab.key)?.error instanceof ApiError && (totalOf.get(tab.key)!.error as ApiError).status === 400));

  const [searchParams, setSearchParams] = useSearchParams();
  const named = searchParams.get(TAB_PARAM);
  const shown = tabs.find((tab) => tab.key === named)?.key ?? tabs[0]?.key ?? '';
  const show = useCallback(
    (key: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(TAB_PARAM, key);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  if (!can(area, 'view')) return <NoAccessPage screen={screen} role={role} />;
  const backLink = (
    <Link to={back.to} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> {back.label}
    </Link>
  );
  if (missing)
    return (
      <div className="grid gap-4">
        {backLink}
        <p role="alert" className="text-muted-foreground">
          {missing}
        </p>
      </div>
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-3">
        {backLink}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
          {badges}
        </div>
        {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
        {head}
      </div>
      <Tabs value={shown} onValueChange={show} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <TabsList aria-label="Sections of this record">
          {tabs.map((tab) => {
            const total = totalOf.get(tab.key)?.data;
            return (
              <TabsTrigger key={tab.key} value={tab.key} data-testid={`tab-${tab.key}`}>
                {tab.title}
                {total && (
                  <span className="relative ml-1.5 rounded-full bg-muted px-1.5 py-0.5 text-xs tabular-nums text-muted-foreground">
                    <span className="sr-only"> (</span>
                    <span data-testid={`count-${tab.key}`}>
                      {total.totalIsEstimate ? '~' : ''}
                      {formatNumber(total.total)}
                    </span>
                    <span className="sr-only">)</span>
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {/* Only the shown tab is mounted: only it asks for its rows and pick-lists. */}
        {tabs.map((tab) => (
          <TabsContent key={tab.key} value={tab.key} className="grid grid-cols-[minmax(0,1fr)] gap-4">
            {tab.before}
            {tab.config ? (
              <AreaSection config={tabConfig(tab)} prefix={tab.key} fixed={tab.fixed} initial={tab.initial} />
            ) : (
              <Card>
                <CardContent className="pt-5">
                  <h2 className="mb-3 text-lg font-semibold leading-tight">{tab.title}</h2>
                  {tab.content}
                </CardContent>
              </Card>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** One figure of a record's head: its name above its value. */
export function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The figures of a record's head, in as many columns as fit; `after` is drawn under them in the same card (a breakdown). */
export function Facts({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-6 gap-y-4">{children}</dl>
        {after}
      </CardContent>
    </Card>
  );
}
