import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/utils';
import { TONES, type ActivityItem } from './dashboard-sample-data';

export function RecentActivityCard({ items }: { items: ActivityItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent className="px-2 pb-2">
        <ul className="divide-y">
          {items.map(({ id, title, detail, time, to, icon: Icon, tone }) => (
            <li key={id}>
              <Link
                to={to}
                className="group flex items-start gap-3 rounded-md px-3 py-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className={cn('mt-0.5 grid size-8 shrink-0 place-items-center rounded-full', TONES[tone])}>
                  <Icon className="size-4" />
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="text-sm font-medium">{title}</span>
                  <span className="text-sm text-muted-foreground">{detail}</span>
                  <span className="text-xs text-muted-foreground sm:hidden">{time}</span>
                </span>
                <span className="hidden shrink-0 whitespace-nowrap pt-0.5 text-xs text-muted-foreground sm:inline">{time}</span>
                <ChevronRight className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
