/**
 * Import (issue 22, decision 0051): a fleet's spreadsheets into any area, through the same declaration,
 * rules and operations as the form and the API. This file is the contract between the server
 * (apps/server/src/imports/) and the web's Import dialog (apps/web/src/components/area/import-*).
 *
 * Routes (each under its area's roles guard; a key or a user needs create, update mode update, undo delete):
 * - GET  /api/<area>/import/template?format=csv|xlsx  the form's labels as headers, one example row (no file fields)
 * - POST /api/<area>/import/preview                  the file (multipart `file`, or text/csv body) → ImportPreview
 * - POST /api/<area>/import                          the file + ImportOptions (multipart fields or query) → ImportResult
 *     `async=1` answers 202 at once with the run's id (status 'running'); the run goes on and is read by GET below.
 * - GET  /api/imports?area=<area>                    the user's recent runs of an area, newest first → ImportRuns ({ rows, maxBytes })
 * - GET  /api/imports/:id                            one run, its progress while it runs → ImportResult
 * - GET  /api/imports/:id/errors.csv                 every error as row, column, message (through the export's formula guard)
 * - DELETE /api/imports/:batchId                     undoes a committed batch → ImportUndoResult, or 409 naming changed records
 *
 * The list export writes each record's version last (a Version column); update mode reads it, and a row whose
 * record changed since is a conflict (decision 0061).
 */

export const IMPORT_MODES = ['dry-run', 'commit'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** Each column of the file: its header as written, and the field it fills ('' = ignored). */
export interface ImportColumn {
  header: string;
  /** The area's field name, or '' when the column is left out. */
  field: string;
}

/** What a run is asked to do (multipart form fields, or query parameters with a text/csv body). */
export interface ImportOptions {
  mode: ImportMode;
  /** Commit only the valid rows, leaving the others (default: all rows or none). */
  validOnly?: boolean;
  /** Update mode: rows are matched to records by their ID column and only what differs is changed. */
  update?: boolean;
  /**
   * Update mode: also write the rows whose record changed since the export the file came from (its Version
   * column), over those changes. Without it such rows are conflicts, left out of the commit.
   */
  overwrite?: boolean;
  /** The columns as the user corrected them (JSON text in a form field); without it, the matched mapping. */
  mapping?: ImportColumn[];
}

/** A field a column can fill, for the mapping's pick-list. */
export interface ImportField {
  field: string;
  label: string;
  required: boolean;
}

/** The file's header matched to fields, before anything is checked. */
export interface ImportPreview {
  columns: ImportColumn[];
  /**
   * Every field a column can fill (file fields are never imported), then `version` (the Version column Export CSV
   * writes, which update mode compares) and last `id`: the ID column Export CSV writes, which update mode matches by.
   */
  fields: ImportField[];
  /** The first rows as text, as the file holds them (up to 5). */
  sample: string[][];
  /** Whether the mapping is the one this user last used for this area. */
  remembered: boolean;
}

/** One problem: the file's row number (the header is row 1, the first record row 2), its column's header, the message. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/**
 * Update mode: a row whose record changed since the export the file came from (the file's Version is older than
 * the record's) and whose file would change fields that were changed since. Left out of a commit unless it asks
 * to overwrite.
 */
export interface ImportConflict {
  /** The file's row number. */
  row: number;
  /** The record's id. */
  id: string;
  /** The API names of the fields the file would change that were changed since the export. */
  fields: string[];
}

export const IMPORT_STATUSES = ['running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportResult {
  /** This run (its progress, its error CSV). */
  id: string;
  /** The committed batch, which its change entries carry and DELETE /api/imports/:batchId undoes; null for a dry run or nothing written. */
  batchId: string | null;
  area: string;
  mode: ImportMode;
  update: boolean;
  validOnly: boolean;
  status: ImportStatus;
  /** Record rows in the file (read so far while running). */
  rows: number;
  /** Rows checked so far. */
  checked: number;
  /** Rows that passed every check. */
  valid: number;
  /** Records written (created, or changed in update mode). */
  written: number;
  /** Update mode: rows that matched a record and changed nothing. */
  unchanged: number;
  /** The first errors (up to 1,000); `errorCount` counts them all, and errors.csv holds them all. */
  errors: ImportRowError[];
  errorCount: number;
  /** Update mode: the first conflicts (up to 1,000), rows counted in `valid`; `conflictCount` counts them all. */
  conflicts: ImportConflict[];
  conflictCount: number;
  /** Whether the run was asked to write its conflicts over the changes made since the export. */
  overwrite: boolean;
  /** Why a run failed as a whole (an unreadable file), when it did. */
  message: string | null;
  fileName: string;
  startedAt: string;
  finishedAt: string | null;
  by: string;
}

/** GET /api/imports?area=: the user's recent runs of the area, and the file size limit (so the dialog refuses a larger file before sending it). */
export interface ImportRuns {
  rows: ImportResult[];
  /** RAAHI_IMPORT_MAX_MB in bytes; the dialog assumes IMPORT_DEFAULT_MAX_MB when absent. */
  maxBytes?: number;
}

export interface ImportUndoResult {
  batchId: string;
  /** Records deleted (a create batch) or put back as they were (an update batch). */
  undone: number;
}

/** The limits, set by RAAHI_IMPORT_MAX_MB and RAAHI_IMPORT_MAX_ROWS. */
export const IMPORT_DEFAULT_MAX_MB = 20;
export const IMPORT_DEFAULT_MAX_ROWS = 200_000;
