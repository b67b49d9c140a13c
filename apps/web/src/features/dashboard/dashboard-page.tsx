import { Link } from 'react-router';
import { ChevronRight, MapPin, Navigation } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { mayOpenPath } from '../../app/navigation';
import { useCan } from '../../app/use-can';
import { DASHBOARD_SAMPLE_DATA, type PerformanceFigure, type QuickAction } from './dashboard-sample-data';
import { RecentActivityCard } from './recent-activity-card';
import { StatCard } from './stat-card';

export function DashboardPage() {
  const { performance } = DASHBOARD_SAMPLE_DATA;
  // Cards and quick actions of screens the user's role may not view are not shown.
  const { role } = useCan();
  const stats = DASHBOARD_SAMPLE_DATA.stats.filter((stat) => mayOpenPath(role, stat.to));
  const quickActions = DASHBOARD_SAMPLE_DATA.quickActions.filter((action) => mayOpenPath(role, action.to));
  return (
    <div className="grid gap-6">
      <PageHeader title="Fleet Overview Dashboard" subtitle="Real-time insights into your fleet operations" />
      <section aria-label="Fleet summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.title} stat={stat} />
        ))}
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <LiveFleetMapCard />
        <QuickActionsCard actions={quickActions} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivityCard />
        </div>
        <PerformanceSnapshotCard figures={performance} />
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

function PerformanceSnapshotCard({ figures }: { figures: PerformanceFigure[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Snapshot</CardTitle>
        <CardDescription>Fleet-wide figures for this month</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {figures.map(({ label, value, bar }) => (
          <div key={label} className="grid gap-2">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-sm text-muted-foreground">{label}</span>
              <span className="text-lg font-semibold">{value}</span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div className="h-full rounded-full bg-primary" style={{ width: `${bar}%` }} />
            </div>
          </div>
        ))}
        <p className="text-xs text-muted-foreground">Detailed trends will be available in Reporting.</p>
      </CardContent>
    </Card>
  );
}
