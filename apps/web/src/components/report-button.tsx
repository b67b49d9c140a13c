import { useNavigate } from 'react-router';
import { reportHref, type ReportKey } from '@raahi/domain';
import { Button } from './ui/button';

/** A screen's report button (issue 20, REPORT_BUTTONS): opens the report on the Reporting screen, keeping its label. */
function ReportButton({ label, report }: { label: string; report: ReportKey }) {
  const navigate = useNavigate();
  return (
    <Button type="button" variant="outline" onClick={() => navigate(reportHref(report))}>
      {label}
    </Button>
  );
}

/** The button as an area page's active action (AreaPageConfig.activeActions). */
export const reportAction = (label: string, report: ReportKey) => <ReportButton key={label} label={label} report={report} />;
