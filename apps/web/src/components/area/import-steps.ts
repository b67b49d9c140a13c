import {
  fileTooLarge,
  IMPORT_DEFAULT_MAX_MB,
  type ImportColumn,
  type ImportField,
  type ImportOptions,
  type ImportResult,
  type ImportUndoResult,
} from '@raahi/domain';
import { formatNumber } from '../../lib/format';

/**
 * The Import dialog's logic, apart from its screen: the mapping the user corrects, what must be mapped before
 * the file is checked, the words of a run's progress and outcome, and which earlier run the dialog shows again.
 */

/** The mapping select's value for a column left out (Radix reserves the empty string). */
export const LEAVE_OUT = '__leave_out__';

/** The field that update mode matches records by. */
export const ID_FIELD = 'id';

/** What the server refuses before reading, when its answer does not say (RAAHI_IMPORT_MAX_MB's default). */
export const DEFAULT_IMPORT_MAX_BYTES = IMPORT_DEFAULT_MAX_MB * 1024 * 1024;

/** The file kinds the server reads; a file named otherwise is most likely the wrong one (a PDF, a photo). */
const READABLE = ['.csv', '.tsv', '.txt', '.xlsx'];
export const IMPORT_ACCEPT = `${READABLE.join(',')},text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`;

/** Why a chosen file is not sent at all (too large, not a spreadsheet), in the server's words where it has them; null when it may go. */
export function importFileProblem(file: { name: string; size: number }, maxBytes: number): { title: string; message: string } | null {
  if (file.size > maxBytes) return fileTooLarge(maxBytes);
  if (file.size === 0)
    return { title: 'Empty File', message: 'The file is empty. Choose a CSV or Excel (XLSX) file with a header row and at least one record.' };
  const name = file.name.toLowerCase();
  if (!READABLE.some((extension) => name.endsWith(extension)))
    return { title: 'Unsupported File', message: 'Choose a CSV or Excel (XLSX) file. An older Excel file (XLS) can be saved as XLSX or CSV first.' };
  return null;
}

/**
 * Picks `field` for the column at `index`. A field is filled from one column only, so a column that had it
 * before is left out now (the user sees that change in its select).
 */
export function mapColumn(mapping: readonly ImportColumn[], index: number, field: string): ImportColumn[] {
  const chosen = field === LEAVE_OUT ? '' : field;
  return mapping.map((column, i) => (i === index ? { ...column, field: chosen } : chosen && column.field === chosen ? { ...column, field: '' } : column));
}

/**
 * The fields that must be mapped before the file is checked: adding, every required field; updating, the ID
 * the rows are matched by (a row updates only the fields its file holds), when the area offers one.
 */
export function missingFields(mapping: readonly ImportColumn[], fields: readonly ImportField[], update: boolean): ImportField[] {
  const mapped = new Set(mapping.map((column) => column.field).filter(Boolean));
  const needed = update ? fields.filter((f) => f.field === ID_FIELD) : fields.filter((f) => f.required);
  return needed.filter((f) => !mapped.has(f.field));
}

/** "License Plate and VIN are not matched to a column." */
export function missingFieldsText(missing: readonly ImportField[]): string {
  const labels = missing.map((f) => f.label);
  const list = labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `${list} ${labels.length === 1 ? 'is' : 'are'} not matched to a column.`;
}

/** The first values of one column of the file's sample, for its row of the mapping table. */
export function sampleValues(sample: readonly (readonly string[])[], index: number, count = 3): string[] {
  return sample
    .map((row) => (row[index] ?? '').trim())
    .filter(Boolean)
    .slice(0, count);
}

/** The file and the options, as the multipart form the server reads. */
export function importForm(file: Blob & { name?: string }, options: ImportOptions): FormData {
  const form = new FormData();
  form.set('file', file, file.name ?? 'import.csv');
  form.set('mode', options.mode);
  if (options.validOnly) form.set('validOnly', 'true');
  if (options.update) form.set('update', 'true');
  if (options.overwrite) form.set('overwrite', 'true');
  if (options.mapping) form.set('mapping', JSON.stringify(options.mapping));
  return form;
}

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** A run's share done, 0 to 1: a check by its rows checked; a commit by its rows checked, then written. */
export function progressFraction(run: ImportResult): number {
  if (run.status !== 'running') return 1;
  if (run.rows === 0) return 0;
  if (run.mode === 'dry-run') return Math.min(1, run.checked / run.rows);
  // Until every row is checked, any might be written; then only the valid ones are (an unchanged row is not valid: nothing to write).
  const toWrite = run.checked < run.rows ? run.rows : run.valid;
  return Math.min(1, (run.checked + Math.min(run.written, toWrite)) / (run.rows + toWrite));
}

/** "Checked 400 of 1,000 rows · 200 written" while it runs. */
export function progressText(run: ImportResult): string {
  const checked = `Checked ${formatNumber(run.checked)} of ${plural(run.rows, 'row', 'rows')}`;
  return run.mode === 'dry-run' ? checked : `${checked} · ${formatNumber(run.written)} written`;
}

/** What a finished commit did, as its toast and the dialog say it: "12 records added." */
export function outcomeText(run: ImportResult): string {
  const done = run.update ? 'updated' : 'added';
  const parts = [`${plural(run.written, 'record', 'records')} ${done}`];
  if (run.update && run.unchanged > 0) parts.push(`${formatNumber(run.unchanged)} unchanged`);
  if (run.mode === 'commit' && !run.overwrite && run.conflictCount > 0)
    parts.push(`${plural(run.conflictCount, 'row', 'rows')} changed since the export left out`);
  // Rows neither valid nor unchanged (update mode: a row that matches its record is not counted as valid).
  const bad = Math.max(0, run.rows - run.valid - run.unchanged);
  if (bad > 0)
    parts.push(
      run.validOnly && run.written + run.unchanged > 0
        ? `${plural(bad, 'row', 'rows')} with errors left out`
        : `nothing written: ${plural(bad, 'row has', 'rows have')} errors`,
    );
  return `${parts.join('; ')}.`;
}

/**
 * What a check found: "1,000 rows: 963 valid, 37 errors."; in update mode the rows that change their record and
 * those that match it as it is (not counted as valid): "2 rows: 1 to change, 1 unchanged."
 */
export function checkText(run: ImportResult): string {
  const errors = run.errorCount > 0 ? `, ${plural(run.errorCount, 'error', 'errors')}` : '';
  const valid = run.update ? `${formatNumber(run.valid)} to change, ${formatNumber(run.unchanged)} unchanged` : `${formatNumber(run.valid)} valid`;
  return `${plural(run.rows, 'row', 'rows')}: ${valid}${errors}.`;
}

/** Why an update check without errors offers nothing to import (every row matches its record); null otherwise. */
export function nothingToChangeText(run: ImportResult, plural: string): string | null {
  return run.update && run.valid === 0 && run.unchanged > 0 && run.errorCount === 0 ? `Nothing to import: the ${plural} already hold what the file has.` : null;
}

/** The rows a commit writes after this check: the valid ones, or all; an update's conflicts only when overwriting. */
export function rowsToImport(run: ImportResult, validOnly: boolean, overwrite: boolean): number {
  return (validOnly ? run.valid : run.rows) - (overwrite ? 0 : run.conflictCount);
}

/** A conflict's fields in words, by the labels the mapping shows: "Status and Current Mileage (km)". */
export function conflictFieldsText(fields: readonly string[], all: readonly ImportField[]): string {
  const labels = fields.map((field) => all.find((f) => f.field === field)?.label ?? field);
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** "Showing the first 1,000 of 2,345 errors" when the answer holds fewer than there are. */
export function errorsShownText(run: ImportResult): string | null {
  return run.errors.length < run.errorCount
    ? `Showing the first ${formatNumber(run.errors.length)} of ${formatNumber(run.errorCount)} errors; the CSV holds them all.`
    : null;
}

/** What an undo did: "12 records removed." (a batch that added them) or "12 records put back as they were." (an update batch). */
export function undoneText(result: ImportUndoResult, update: boolean): string {
  if (!update) return `${plural(result.undone, 'record', 'records')} removed.`;
  return `${plural(result.undone, 'record', 'records')} put back as ${result.undone === 1 ? 'it was' : 'they were'}.`;
}

/** How long after its end a commit is still shown when the dialog opens again. */
export const RECENT_MS = 15 * 60 * 1000;

/**
 * The run the dialog shows when opened again (the user left the page while it ran): the user's newest commit of
 * the area while it runs, or for a while after it ended, unless they already set it aside. `by` is the user's name
 * as runs carry it: an administrator is answered everyone's runs, and resumes only their own.
 */
export function runToResume(runs: readonly ImportResult[], by: string, now: number, setAside: ReadonlySet<string>): ImportResult | null {
  const newest = runs.find((run) => run.mode === 'commit' && run.by === by);
  if (!newest || setAside.has(newest.id)) return null;
  if (newest.status === 'running') return newest;
  const ended = newest.finishedAt ? Date.parse(newest.finishedAt) : NaN;
  return Number.isFinite(ended) && now - ended <= RECENT_MS ? newest : null;
}

/** How a finished commit is announced: a failure (nothing written for errors, or an unreadable file) in red. */
export function outcomeToast(run: ImportResult): { title: string; description: string; variant: 'default' | 'destructive' } {
  if (run.status === 'failed') return { title: 'Import Failed', description: run.message ?? outcomeText(run), variant: 'destructive' };
  if (run.written + run.unchanged === 0 && run.errorCount > 0) return { title: 'Import Failed', description: outcomeText(run), variant: 'destructive' };
  return { title: 'Import Complete', description: outcomeText(run), variant: 'default' };
}

/** A column as its controls name it: its header; "Column 3" when it has none; with its place when two share a header. */
export function columnLabel(mapping: readonly ImportColumn[], index: number): string {
  const header = mapping[index].header.trim();
  if (!header) return `Column ${index + 1}`;
  const shared = mapping.filter((column) => column.header.trim() === header).length > 1;
  return shared ? `${header} (column ${index + 1})` : header;
}
