import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, History } from 'lucide-react';
import type { AreaDefinition, HistoryPage } from '@raahi/domain';
import { Button } from '../ui/button';
import { api, queryString } from '../../lib/api';
import { entryWords } from '../../lib/change-words';
import { formatWhen } from '../../lib/format';

const PAGE_SIZE = 10;

/**
 * A record's History in its edit dialog: who changed what and when, newest first, in plain words
 * ("Priya Sharma changed Status from Scheduled to In Transit · 24/11/2026 14:05"). Loaded when first opened.
 * `expanded`: shown open, without its toggle, at its full height (a record page's History tab).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function RecordHistory({ area, recordId, expanded = false }: { area: AreaDefinition<any>; recordId: string; expanded?: boolean }) {
  const [toggled, setOpen] = useState(false);
  const open = expanded || toggled;
  const history = useInfiniteQuery({
    queryKey: [area.key, 'history', recordId],
    queryFn: ({ pageParam, signal }) =>
      api<HistoryPage>(`/api/${area.key}/${encodeURIComponent(recordId)}/history${queryString({ page: pageParam, pageSize: PAGE_SIZE })}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: open,
    staleTime: 0,
  });
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  const panelId = `${area.key}-history`;
  return (
    <section aria-label="History" className={expanded ? 'grid gap-2' : 'grid gap-2 border-t pt-3'}>
      {!expanded && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <History aria-hidden /> History <ChevronDown aria-hidden className={open ? 'rotate-180 transition-transform' : 'transition-transform'} />
        </Button>
      )}
      {open && (
        <div id={panelId} className={expanded ? 'grid gap-2 px-1 text-sm' : 'grid max-h-60 gap-2 overflow-y-auto px-1 text-sm'}>
          {history.isPending ? (
            <p role="status" className="text-muted-foreground">
              Loading history...
            </p>
          ) : history.isError ? (
            <p role="alert" className="text-destructive">
              Could not load the history: {history.error.message}
            </p>
          ) : entries.length === 0 ? (
            <p className="text-muted-foreground">No changes recorded yet.</p>
          ) : (
            <ol className="grid gap-1.5" aria-label={`History of ${recordId}`}>
              {entries.map((entry) => (
                <li key={entry.id} className="[overflow-wrap:anywhere]">
                  {entryWords(entry, area, 'this')}
                  <span className="text-muted-foreground"> · {formatWhen(entry.at)}</span>
                </li>
              ))}
            </ol>
          )}
          {history.hasNextPage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
