import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/utils';
import { TONES, type DashboardStat } from './dashboard-sample-data';

const NOTE_TONES: Record<DashboardStat['noteTone'], string> = {
  good: 'text-green-700 dark:text-green-400',
  warning: 'text-amber-700 dark:text-amber-400',
  critical: 'text-red-600 dark:text-red-400',
};

export function StatCard({ stat }: { stat: DashboardStat }) {
  const Icon = stat.icon;
  return (
    <Card className="flex flex-col justify-between gap-4 p-5" aria-label={stat.title} role="group">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">{stat.title}</p>
          <p className="text-3xl font-semibold tracking-tight">{stat.value}</p>
          <p className={cn('text-xs font-medium', NOTE_TONES[stat.noteTone])}>{stat.note}</p>
        </div>
        <span className={cn('grid size-11 shrink-0 place-items-center rounded-xl', TONES[stat.tone])}>
          <Icon className="size-5" />
        </span>
      </div>
      <Link
        to={stat.to}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
      >
        View Details <ArrowRight className="size-4" />
      </Link>
    </Card>
  );
}
