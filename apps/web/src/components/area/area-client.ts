import type { ListPage, ListTotal } from '@raahi/domain';
import { api, queryString } from '../../lib/api';

/** The record endpoints of one area (/api/<key>), as the generic list page and form use them. */
export function areaClient<Row extends { id: string }, Input>(key: string) {
  const base = `/api/${key}`;
  return {
    key,
    list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) => api<ListPage<Row>>(base + queryString(params), { signal }),
    /** The total of a search and filters (no page or sort): its own request, so a page never waits on it. */
    total: (params: Record<string, string | number | undefined>, signal?: AbortSignal) => api<ListTotal>(`${base}/total` + queryString(params), { signal }),
    get: (id: string, signal?: AbortSignal) => api<Row>(`${base}/${encodeURIComponent(id)}`, { signal }),
    create: (input: Input) => api<Row>(base, { method: 'POST', body: input }),
    update: (id: string, input: Input & { version: number }) => api<Row>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    remove: (id: string) => api<void>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };
}
export type AreaClient<Row extends { id: string }, Input> = ReturnType<typeof areaClient<Row, Input>>;
