import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, MapPin, Navigation } from 'lucide-react';
import { screenPathOf, type DashboardAnswer, type DashboardNumber } from '@raahi/domain';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { mayOpenPath } from '../../app/navigation';
import { useCan } from '../../app/use-can';
import { api } from '../../lib/api';
import { DASHBOARD_LOOKS, type QuickAction } from './dashboard-looks';
import { RecentActivityCard } from './recent-activity-card';
import { StatCard } from './stat-card';

/** The cards' titles, as spec 000 words them, until the server's answer names them. */
const TITLES: Record<string, string> = {
  totalVehicles: 'Total Vehicles',
  activeDrivers: 'Active Drivers',
  pendingMaintenance: 'Pending Maintenance',
  openIncidents: 'Open Incidents',
};
const FIGURES = [
  { key: 'onTimeDelivery', title: 'On-time Delivery', to: screenPathOf('trips') },
  { key: 'fuelEconomy', title: 'Avg Fuel Eco', to: screenPathOf('fuel-expenses') },
];
/** Asked again every minute while shown, and when the window regains focus: other people change records too. */
const REFRESH_MS = 60_000;

export function DashboardPage() {
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api<DashboardAnswer>('/api/dashboard', { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });
  // Cards and quick actions of screens the user's role may not view are not shown (the server leaves out their numbers).
  const { role } = useCan();
  const answer = dashboard.data;
  const stats = DASHBOARD_LOOKS.stats.filter((look) => mayOpenPath(role, look.to) && (!answer || answer.cards.some((card) => card.key === look.key)));
  const figures = FIGURES.filter((figure) => (answer ? answer.performance.some((p) => p.key === figure.key) : mayOpenPath(role, figure.to)));
  const quickActions = DASHBOARD_LOOKS.quickActions.filter((action) => mayOpenPath(role, action.to));
  return (
    <div className="grid gap-6">
      <PageHeader title="Fleet Overview Dashboard" subtitle="Real-time insights into your fleet operations" />
      {dashboard.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
        >
          <span>
            The dashboard's figures could not be loaded{answer ? ' again; those shown may be out of date' : ''}: {dashboard.error.message}
          </span>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
      )}
      <section aria-label="Fleet summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map((look) => {
          const card = answer?.cards.find((c) => c.key === look.key);
          return <StatCard key={look.key} look={look} title={card?.title ?? TITLES[look.key]} card={card} />;
        })}
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <LiveFleetMapCard />
        <QuickActionsCard actions={quickActions} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivityCard />
        </div>
        <PerformanceSnapshotCard figures={figures.map((figure) => ({ ...figure, number: answer?.performance.find((p) => p.key === figure.key) }))} />
      </div>
    </div>
  );
}

/** Decorative pins around the edge of the map placeholder, clear of its centred note. */
const MAP_PINS = [
  ['8%', '18%'],
  ['22%', '72%'],
  ['74%', '14%'],
  ['88%', '64%'],
  ['12%', '46%'],
] as const;

function LiveFleetMapCard() {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Live Fleet Map</CardTitle>
        <CardDescription>Vehicle positions across your routes</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="relative grid h-64 place-items-center overflow-hidden rounded-md border border-dashed bg-muted/50 bg-[radial-gradient(circle,var(--border)_1px,transparent_1px)] bg-[size:18px_18px]">
          {MAP_PINS.map(([left, top]) => (
            <MapPin key={left + top} className="absolute size-5 text-primary/60" style={{ left, top }} aria-hidden />
          ))}
          <div className="relative grid max-w-xs justify-items-center gap-2 rounded-lg bg-card/90 px-5 py-4 text-center shadow-sm">
            <span className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary">
              <Navigation className="size-5" />
            </span>
            <p className="text-sm font-medium">Live map view is coming soon</p>
            <p className="text-xs text-muted-foreground">Real-time GPS tracking of every vehicle will appear here.</p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function QuickActionsCard({ actions }: { actions: QuickAction[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Common tasks, one click away</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {actions.map(({ label, to, icon: Icon }) => (
          <Link
            key={label}
            to={to}
            className="group flex items-center gap-3 rounded-md border bg-card px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="grid size-8 place-items-center rounded-md bg-primary/10 text-primary">
              <Icon className="size-4" />
            </span>
            <span className="flex-1">{label}</span>
            <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}

/** A figure's bar: the percentage itself; km/L against 10 km/L (a loaded truck runs at 3–6). */
const barOf = (number: DashboardNumber | undefined) =>
  number?.value == null ? 0 : Math.min(100, number.key === 'fuelEconomy' ? number.value * 10 : number.value);

function PerformanceSnapshotCard({ figures }: { figures: { key: string; title: string; to: string; number: DashboardNumber | undefined }[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Snapshot</CardTitle>
        <CardDescription>Fleet-wide figures for this month</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {figures.map(({ key, title, to, number }) => (
          <div key={key} className="grid gap-2">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-sm text-muted-foreground">{title}</span>
              {number ? (
                <Link
                  to={number.href ?? to}
                  className="rounded-sm text-lg font-semibold underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  data-testid={`${key}-value`}
                >
                  {number.detail}
                </Link>
              ) : (
                <span className="text-lg font-semibold text-muted-foreground">…</span>
              )}
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div className="h-full rounded-full bg-primary" style={{ width: `${barOf(number)}%` }} />
            </div>
          </div>
        ))}
        <p className="text-xs text-muted-foreground">Detailed trends will be available in Reporting.</p>
      </CardContent>
    </Card>
  );
}
