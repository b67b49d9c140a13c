import type { ImportOptions, ImportPreview, ImportResult, ImportRuns, ImportUndoResult } from '@raahi/domain';
import { api, queryString } from '../../lib/api';
import { importForm } from './import-steps';

/** The import routes of one area and its runs (packages/domain/src/imports.ts), as the Import dialog uses them. */
export function importClient(area: string) {
  const base = `/api/${area}/import`;
  return {
    templateUrl: (format: 'csv' | 'xlsx') => `${base}/template${queryString({ format })}`,
    /** The file's header matched to the area's fields, with its first rows: nothing is checked yet. */
    preview: (file: File) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return api<ImportPreview>(`${base}/preview`, { method: 'POST', body: form });
    },
    /** Starts a check (dry run) or a commit and answers at once with the run (202, status 'running'), read again by `run`. */
    start: (file: File, options: ImportOptions) =>
      api<ImportResult>(`${base}${queryString({ async: 1 })}`, { method: 'POST', body: importForm(file, options) }),
    /** This user's recent runs of the area, newest first, and the server's size limit. */
    runs: (signal?: AbortSignal) => api<ImportRuns>(`/api/imports${queryString({ area })}`, { signal }),
  };
}

export const readRun = (id: string, signal?: AbortSignal) => api<ImportResult>(`/api/imports/${encodeURIComponent(id)}`, { signal });

export const errorsCsvUrl = (id: string) => `/api/imports/${encodeURIComponent(id)}/errors.csv`;

/** Undoes a committed batch: its records deleted (or put back, an update batch); a 409 names those changed since. */
export const undoBatch = (batchId: string) => api<ImportUndoResult>(`/api/imports/${encodeURIComponent(batchId)}`, { method: 'DELETE' });
