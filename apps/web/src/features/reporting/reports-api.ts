import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportAnswer, ReportDescription, ReportKey } from '@raahi/domain';
import { api, queryString } from '../../lib/api';

/** The parameters of a report as the URL and the API carry them. */
export const REPORT_QUERY_PARAMS = ['from', 'to', 'vehicle', 'driver', 'customer', 'station', 'page', 'pageSize'] as const;
export type ReportQuery = Partial<Record<(typeof REPORT_QUERY_PARAMS)[number], string>>;

/** A report of the catalogue, and whether the role may download its files (export on every area it reads). */
export type CatalogueItem = ReportDescription & { exportable: boolean };

/** The reports the role may view (GET /api/reports). */
export const useReportCatalogue = () =>
  useQuery({ queryKey: ['reports'], queryFn: ({ signal }) => api<{ items: CatalogueItem[] }>('/api/reports', { signal }), staleTime: 5 * 60_000 });

/** A page of a report; the previous page stays on screen while the next loads. */
export const useReport = (key: ReportKey, query: ReportQuery) =>
  useQuery({
    queryKey: ['reports', key, query],
    queryFn: ({ signal }) => api<ReportAnswer>(`/api/reports/${key}${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The address of a report's file: the same period and filters, every row (no paging). */
export const reportFileUrl = (key: ReportKey, query: ReportQuery, format: 'csv' | 'pdf') =>
  `/api/reports/${key}${queryString({ ...query, page: undefined, pageSize: undefined, format })}`;
