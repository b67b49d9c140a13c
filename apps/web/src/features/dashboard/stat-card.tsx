import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { DashboardCard } from '@raahi/domain';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/utils';
import { TONES, type StatLook } from './dashboard-looks';

const NOTE_TONES: Record<StatLook['noteTone'], string> = {
  good: 'text-green-700 dark:text-green-400',
  warning: 'text-amber-700 dark:text-amber-400',
  critical: 'text-red-600 dark:text-red-400',
};

const linkClasses = 'rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * One card of the dashboard: its number links to the list of exactly those records (whose total it is), and
 * so does the sub-line's. Before the figures arrive the card shows its title with an ellipsis.
 */
export function StatCard({ look, title, card }: { look: StatLook; title: string; card: DashboardCard | undefined }) {
  const Icon = look.icon;
  return (
    <Card className="flex flex-col justify-between gap-4 p-5" aria-label={title} role="group" aria-busy={card === undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          {card ? (
            <>
              <Link
                to={card.href ?? look.to}
                className={cn('text-3xl font-semibold tracking-tight', linkClasses)}
                title={`Show the ${card.detail} records`}
                data-testid={`${card.key}-value`}
              >
                {card.detail}
              </Link>
              <Link
                to={card.sub.href ?? look.to}
                className={cn('text-xs font-medium', NOTE_TONES[look.noteTone], linkClasses)}
                data-testid={`${card.sub.key}-value`}
              >
                {card.sub.detail}
              </Link>
            </>
          ) : (
            <>
              <p className="text-3xl font-semibold tracking-tight text-muted-foreground">…</p>
              <p className="text-xs">&nbsp;</p>
            </>
          )}
        </div>
        <span className={cn('grid size-11 shrink-0 place-items-center rounded-xl', TONES[look.tone])}>
          <Icon className="size-5" />
        </span>
      </div>
      <Link to={card?.href ?? look.to} className={cn('inline-flex items-center gap-1 self-start text-sm font-medium text-primary', linkClasses)}>
        View Details <ArrowRight className="size-4" />
      </Link>
    </Card>
  );
}
