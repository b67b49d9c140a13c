import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatReportCell, type KpiAnswer } from '@raahi/domain';
import { api } from '../../lib/api';
import { AnswerFailed, AnswerNotes, BackToReporting } from './report-parts';

const KpiCharts = lazy(() => import('./kpi-charts'));

/** The KPI dashboard (GET /api/reports/kpi): the last twelve full months. */
export const useKpi = () => useQuery({ queryKey: ['reports', 'kpi'], queryFn: ({ signal }) => api<KpiAnswer>('/api/reports/kpi', { signal }), retry: false });

/** /reporting?view=kpi (issue 20, decision 0050): View KPI Dashboard's four trend charts and their notes. */
export function KpiView() {
  const kpi = useKpi();
  const answer = kpi.data;
  const period = answer?.months.length
    ? `${formatReportCell('month', answer.months[0].month)} – ${formatReportCell('month', answer.months.at(-1)!.month)}`
    : '';
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <BackToReporting />
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">KPI Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            Cost per km, fuel economy, on-time delivery and margin over the last twelve full months{period && ` (${period})`}.
          </p>
        </div>
      </div>
      {kpi.isError ? (
        <AnswerFailed error={kpi.error} onRetry={() => void kpi.refetch()} />
      ) : !answer ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading KPI dashboard...
        </p>
      ) : (
        <>
          <Suspense fallback={<div className="h-72" role="status" aria-label="Loading charts" />}>
            <KpiCharts months={answer.months} />
          </Suspense>
          <AnswerNotes notes={answer.notes} />
        </>
      )}
    </div>
  );
}
