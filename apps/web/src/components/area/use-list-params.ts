import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  q: string;
  page: number;
  sort?: string;
  order?: 'asc' | 'desc';
  filters: Record<string, string>;
}

/** List state lives in the URL (search, filters, sort, page), so a list survives reload and can be shared. */
export function useListParams(filterNames: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params: ListParams = useMemo(() => {
    const order = searchParams.get('order');
    return {
      q: searchParams.get('q') ?? '',
      page: Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1),
      sort: searchParams.get('sort') ?? undefined,
      order: order === 'asc' || order === 'desc' ? order : undefined,
      filters: Object.fromEntries(filterNames.map((name) => [name, searchParams.get(name) ?? ''])),
    };
  }, [searchParams, filterNames]);

  /** Changes some parameters; any change other than the page goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}

/** The search box's text, written to the URL 300 ms after the user stops typing. */
export function useDebouncedSearch(urlValue: string, commit: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(urlValue);
  const committed = useRef(urlValue);
  useEffect(() => {
    // The URL changed from elsewhere (back button, a link): show it.
    if (urlValue !== committed.current) {
      committed.current = urlValue;
      setText(urlValue);
    }
  }, [urlValue]);
  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      commit(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, commit, delayMs]);
  return [text, setText] as const;
}
