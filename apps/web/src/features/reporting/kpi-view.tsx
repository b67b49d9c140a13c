import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { formatReportCell, type KpiAnswer } from '@raahi/domain';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ApiError, api } from '../../lib/api';

const KpiCharts = lazy(() => import('./kpi-charts'));

/** The KPI dashboard (GET /api/reports/kpi): the last twelve full months. */
export const useKpi = () => useQuery({ queryKey: ['reports', 'kpi'], queryFn: ({ signal }) => api<KpiAnswer>('/api/reports/kpi', { signal }), retry: false });

/** /reporting?view=kpi (issue 20, decision 0050): View KPI Dashboard's four trend charts and their notes. */
export function KpiView() {
  const kpi = useKpi();
  const answer = kpi.data;
  const period = answer?.months.length ? `${formatReportCell('month', answer.months[0].month)} – ${formatReportCell('month', answer.months.at(-1)!.month)}` : '';
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link to="/reporting" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden /> Dashboard &amp; Reporting
        </Link>
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">KPI Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            Cost per km, fuel economy, on-time delivery and margin over the last twelve full months{period && ` (${period})`}.
          </p>
        </div>
      </div>
      {kpi.isError ? (
        <Card role="alert" className="grid gap-3 p-6">
          <p className="font-medium">{kpi.error instanceof ApiError ? kpi.error.title : 'Error'}</p>
          <p className="text-sm text-muted-foreground">{kpi.error.message}</p>
          <Button variant="outline" className="w-fit" onClick={() => kpi.refetch()}>
            <RotateCw aria-hidden /> Retry
          </Button>
        </Card>
      ) : !answer ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading KPI dashboard...
        </p>
      ) : (
        <>
          <Suspense fallback={<div className="h-72" role="status" aria-label="Loading charts" />}>
            <KpiCharts months={answer.months} />
          </Suspense>
          {answer.notes.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Notes</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
                  {answer.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
