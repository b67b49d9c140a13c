import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The page sizes a user can choose. */
export const PAGE_SIZES = [25, 50, 100] as const;

export interface ListParams {
  q: string;
  page: number;
  /** One of PAGE_SIZES, or undefined for the user's preferred size. */
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  filters: Record<string, string>;
}

/**
 * The URL name of a list's parameter. A page with several lists gives each a prefix, so that their
 * parameters do not collide: `leads.q`, `orders.page`. A page with one list uses the plain names.
 */
export const paramName = (prefix: string | undefined, name: string) => (prefix ? `${prefix}.${name}` : name);

/**
 * List state lives in the URL (search, filters, sort, page), so a list survives reload and can be shared.
 * `prefix` names the list's parameters on a page with several (see paramName); the returned params and
 * the changes given to `update` use the plain names.
 */
export function useListParams(filterNames: readonly string[], prefix?: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const get = useCallback((name: string) => searchParams.get(paramName(prefix, name)), [searchParams, prefix]);
  const serialized = ['q', 'page', 'pageSize', 'sort', 'order', ...filterNames].map((name) => get(name) ?? '').join('\u0000');
  // Kept the same object while this list's own parameters are unchanged (another list's change leaves it be).
  const params: ListParams = useMemo(() => {
    const order = get('order');
    return {
      q: get('q') ?? '',
      page: Math.max(1, Number.parseInt(get('page') ?? '1', 10) || 1),
      pageSize: PAGE_SIZES.find((size) => String(size) === get('pageSize')),
      sort: get('sort') ?? undefined,
      order: order === 'asc' || order === 'desc' ? order : undefined,
      filters: Object.fromEntries(filterNames.map((name) => [name, get(name) ?? ''])),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized, filterNames]);

  /**
   * Changes some parameters; any change other than the page goes back to page 1. A new page is a new
   * history entry (Back returns to the previous page); other changes replace the current one.
   */
  // React Router's setter does not queue: two changes before the next render would each start from the
  // address of the last render, and the second would undo the first (a From then a To typed quickly). Each
  // change starts from the one before it instead, until the address it made is rendered.
  const latest = useRef(searchParams);
  const rendered = useRef(searchParams);
  if (rendered.current !== searchParams) rendered.current = latest.current = searchParams;
  const update = useCallback(
    (changes: Record<string, string | number | undefined>, newEntry = 'page' in changes) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(paramName(prefix, key));
        else next.set(paramName(prefix, key), String(value));
      }
      if (!('page' in changes)) next.delete(paramName(prefix, 'page'));
      latest.current = next;
      setSearchParams(next, { replace: !newEntry });
    },
    [setSearchParams, prefix],
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

/**
 * The record dialog lives in the URL: `?new` to add, `?edit=ID` to edit. So Back closes it, a reload
 * reopens it, and a record can be linked to. Opening adds a history entry; closing goes back to the entry
 * it came from (or, when the page was opened on such a link, removes the parameter in place).
 */
export function useRecordDialogParam(prefix?: string) {
  const [adding, editing] = [paramName(prefix, 'new'), paramName(prefix, 'edit')];
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const pushed = useRef(false);
  // React Router gives a new setter whenever the address changes; open and close stay the same functions
  // (table cells that hold them are then not redrawn, and the button that opened a dialog gets focus back).
  const setParams = useRef(setSearchParams);
  useEffect(() => {
    setParams.current = setSearchParams;
  });
  const target: { mode: 'new' } | { mode: 'edit'; id: string } | null = searchParams.has(adding)
    ? { mode: 'new' }
    : searchParams.get(editing)
      ? { mode: 'edit', id: searchParams.get(editing)!.slice(0, 100) }
      : null;

  const open = useCallback(
    (id: string | null) => {
      pushed.current = true;
      setParams.current((current) => {
        const next = new URLSearchParams(current);
        next.delete(adding);
        next.delete(editing);
        if (id === null) next.set(adding, '');
        else next.set(editing, id);
        return next;
      });
    },
    [adding, editing],
  );

  const close = useCallback(() => {
    if (pushed.current) {
      pushed.current = false;
      navigate(-1);
      return;
    }
    setParams.current(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(adding);
        next.delete(editing);
        return next;
      },
      { replace: true },
    );
  }, [navigate, adding, editing]);

  // Back (or any other navigation) closed it: a later close must not go back once more.
  const isOpen = target !== null;
  useEffect(() => {
    if (!isOpen) pushed.current = false;
  }, [isOpen]);

  return { target, open, close };
}

export interface ListPreferences {
  pageSize: number;
  density: 'comfortable' | 'compact';
}

/** Every list shown subscribes here, so that a choice made in one (a screen of sections has several) shows in all. */
const preferenceListeners = new Set<(key: string, preferences: ListPreferences) => void>();

/** The last choice per key, for a browser whose storage is blocked. */
const remembered = new Map<string, ListPreferences>();

function readPreferences(key: string): ListPreferences {
  const fallback = remembered.get(key) ?? { pageSize: 50, density: 'comfortable' };
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<ListPreferences>;
    return {
      pageSize: PAGE_SIZES.find((size) => size === stored.pageSize) ?? 50,
      density: stored.density === 'compact' ? 'compact' : 'comfortable',
    };
  } catch {
    return fallback;
  }
}

/** How a user likes lists (page size, density), kept in this browser per user and shared by the lists shown. */
export function useListPreferences(userKey: string) {
  const key = `raahi.lists.${userKey}`;
  const [preferences, setPreferences] = useState<ListPreferences>(() => readPreferences(key));
  useEffect(() => {
    const listener = (changedKey: string, next: ListPreferences) => changedKey === key && setPreferences(next);
    preferenceListeners.add(listener);
    return () => {
      preferenceListeners.delete(listener);
    };
  }, [key]);
  const change = useCallback(
    (changes: Partial<ListPreferences>) => {
      // From what is stored, not this list's copy: another list may have changed the other preference.
      const next = { ...readPreferences(key), ...changes };
      remembered.set(key, next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage blocked: the choice lasts for this visit.
      }
      for (const listener of preferenceListeners) listener(key, next);
    },
    [key],
  );
  return [preferences, change] as const;
}
