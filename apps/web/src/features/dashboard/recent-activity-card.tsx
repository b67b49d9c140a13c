import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, CirclePlus, Download, History, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import type { ChangeEntry, RecentActivity } from '@raahi/domain';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { RECORD_SCREENS, recordAddress } from '../../app/record-screens';
import { api } from '../../lib/api';
import { entryWords } from '../../lib/change-words';
import { formatWhen } from '../../lib/format';
import { cn } from '../../lib/utils';
import { TONES, type Tone } from './dashboard-looks';

const LOOKS: Record<string, { icon: LucideIcon; tone: Tone }> = {
  create: { icon: CirclePlus, tone: 'green' },
  update: { icon: Pencil, tone: 'blue' },
  delete: { icon: Trash2, tone: 'red' },
  export: { icon: Download, tone: 'purple' },
};
const OTHER = { icon: History, tone: 'teal' as Tone };

/**
 * Where an entry leads: its record's screen with the record open; the screen alone for a deleted record or a
 * batch; the Activity Log for sign-ins and user changes (only administrators see those).
 */
function entryAddress(entry: ChangeEntry): string {
  const open = entry.operation !== 'delete' && entry.operation !== 'export' && !(entry.batchCount && entry.batchCount > 1);
  return recordAddress(entry.area, entry.recordId, open) ?? '/activity-log';
}

/** The latest changes the signed-in user may see (GET /api/activity/recent), each linking to its record. */
export function RecentActivityCard() {
  const recent = useQuery({
    queryKey: ['activity', 'recent'],
    queryFn: ({ signal }) => api<RecentActivity>('/api/activity/recent', { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const items = recent.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent className="px-2 pb-2">
        {recent.isPending ? (
          <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
            Loading recent activity...
          </p>
        ) : recent.isError ? (
          <p role="alert" className="px-3 py-3 text-sm text-destructive">
            Could not load recent activity: {recent.error.message}
          </p>
        ) : items.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted-foreground">No activity yet. Changes to records will appear here.</p>
        ) : (
          <ul className="divide-y">
            {items.map((entry) => {
              const { icon: Icon, tone } = LOOKS[entry.operation] ?? OTHER;
              const area = RECORD_SCREENS.get(entry.area)?.area;
              const time = formatWhen(entry.at);
              return (
                <li key={entry.id}>
                  <Link
                    to={entryAddress(entry)}
                    className="group flex items-start gap-3 rounded-md px-3 py-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className={cn('mt-0.5 grid size-8 shrink-0 place-items-center rounded-full', TONES[tone])}>
                      <Icon className="size-4" />
                    </span>
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="text-sm font-medium [overflow-wrap:anywhere]">{entryWords(entry, area, 'named')}</span>
                      <span className="text-xs text-muted-foreground sm:hidden">{time}</span>
                    </span>
                    <span className="hidden shrink-0 whitespace-nowrap pt-0.5 text-xs text-muted-foreground sm:inline">{time}</span>
                    <ChevronRight className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
