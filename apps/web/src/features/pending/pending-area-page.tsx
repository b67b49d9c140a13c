import { Construction } from 'lucide-react';
import { PageHeader } from '../../components/page-header';

/** Shown on an area's route until the area is built: its title and a plain note, never a blank page. */
export function PendingAreaPage({ title }: { title: string }) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} />
      <div className="flex items-center gap-3 rounded-lg border border-dashed bg-card p-6 text-sm text-muted-foreground">
        <Construction className="size-5 shrink-0 text-primary" />
        This area is not built yet. Its records will appear here in a coming release.
      </div>
    </div>
  );
}
