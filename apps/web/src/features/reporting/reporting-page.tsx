import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { isReportKey, reportHref, type ReportKey } from '@raahi/domain';
import { PageHeader } from '../../components/page-header';
import { FeatureCards, FeatureScreenHeader } from '../../components/feature-screen';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { KpiView } from './kpi-view';
import { ReportView } from './report-view';
import { useReportCatalogue, type CatalogueItem } from './reports-api';
import { REPORTING_SCREEN, type ReportingFeature } from './reporting-texts';

/** The catalogue (Generate New Report, Export Reports (CSV, PDF)): the reports the role may view, each opening its page. */
function Catalogue({
  open,
  onOpenChange,
  title,
  items,
  failed,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  items: CatalogueItem[] | undefined;
  failed: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Choose a report: it opens with its filters, chart and table, and downloads as CSV or PDF.</DialogDescription>
        </DialogHeader>
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            Could not fetch the reports.
          </p>
        ) : !items ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading reports...
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your role may view no report.</p>
        ) : (
          <ul aria-label="Reports" className="grid max-h-[60vh] gap-2 overflow-y-auto">
            {items.map((item) => (
              <li key={item.key}>
                <Link
                  to={reportHref(item.key)}
                  className="flex items-center justify-between gap-3 rounded-lg border p-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="grid gap-0.5">
                    <span className="font-medium">{item.title}</span>
                    <span className="text-sm text-muted-foreground">{item.description}</span>
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The KPI dashboard's address (decision 0050). */
const KPI_HREF = '/reporting?view=kpi';

/** /reporting (spec 002 §2.4, issue 20): the screen's title and buttons, now acting; with ?report=<key>, that report; with ?view=kpi, the KPI dashboard. */
export function ReportingPage() {
  const [searchParams] = useSearchParams();
  const catalogue = useReportCatalogue();
  const key = searchParams.get('report');
  if (searchParams.get('view') === 'kpi') return <KpiView />;
  if (key !== null) {
    const description = catalogue.data?.items.find((item) => item.key === key);
    if (description) return <ReportView key={key} description={description} />;
    return (
      <div className="grid gap-4">
        <PageHeader title={REPORTING_SCREEN.title} />
        <p role={catalogue.isPending ? 'status' : 'alert'} className="text-sm text-muted-foreground">
          {catalogue.isPending
            ? 'Loading report...'
            : catalogue.isError
              ? 'Could not fetch the reports.'
              : `The report ${isReportKey(key) ? key : 'asked for'} is not available to your role, or not built yet.`}
        </p>
        <Link to="/reporting" className="text-sm underline">
          Back to Dashboard &amp; Reporting
        </Link>
      </div>
    );
  }
  return <ReportingHome items={catalogue.data?.items} failed={catalogue.isError} />;
}

function ReportingHome({ items, failed }: { items: CatalogueItem[] | undefined; failed: boolean }) {
  const [catalogue, setCatalogue] = useState<string | null>(null);
  const navigate = useNavigate();
  const available = (report: ReportKey) => items?.some((item) => item.key === report) ?? false;
  const act = (feature: ReportingFeature) => {
    const { action } = feature;
    if (action.kind === 'catalogue') setCatalogue(feature.button);
    else if (action.kind === 'report' && available(action.report)) navigate(reportHref(action.report));
    else if (action.kind === 'kpi') navigate(KPI_HREF);
    // A report not built yet (or not the role's): the button stays inert.
  };
  return (
    <div className="grid gap-6">
      <FeatureScreenHeader icon={REPORTING_SCREEN.icon} title={REPORTING_SCREEN.title} description={REPORTING_SCREEN.description} />
      <FeatureCards features={REPORTING_SCREEN.features} onAct={act} />
      <Catalogue
        open={catalogue !== null}
        onOpenChange={(open) => !open && setCatalogue(null)}
        title={catalogue === 'Generate New Report' ? 'Generate New Report' : 'Export Reports (CSV, PDF)'}
        items={items}
        failed={failed}
      />
    </div>
  );
}
