import { describe, expect, it } from 'vitest';
import type { ImportColumn, ImportField, ImportResult } from '@raahi/domain';
import {
  checkText,
  columnLabel,
  conflictFieldsText,
  DEFAULT_IMPORT_MAX_BYTES,
  errorsShownText,
  importFileProblem,
  importForm,
  LEAVE_OUT,
  mapColumn,
  missingFields,
  missingFieldsText,
  nothingToChangeText,
  outcomeText,
  outcomeToast,
  progressFraction,
  progressText,
  rowsToImport,
  RECENT_MS,
  runToResume,
  sampleValues,
  undoneText,
} from './import-steps';

const FIELDS: ImportField[] = [
  { field: 'id', label: 'ID', required: false },
  { field: 'make', label: 'Make', required: true },
  { field: 'licensePlate', label: 'License Plate', required: true },
  { field: 'vin', label: 'VIN', required: true },
  { field: 'purchaseDate', label: 'Purchase Date', required: false },
];

const MAPPING: ImportColumn[] = [
  { header: 'Make', field: 'make' },
  { header: 'Vehicle No', field: 'licensePlate' },
  { header: 'Chassis', field: '' },
];

const run = (over: Partial<ImportResult>): ImportResult => ({
  id: 'run-1',
  batchId: null,
  area: 'vehicles',
  mode: 'commit',
  update: false,
  validOnly: false,
  status: 'running',
  rows: 1000,
  checked: 0,
  valid: 0,
  written: 0,
  unchanged: 0,
  errors: [],
  errorCount: 0,
  conflicts: [],
  conflictCount: 0,
  overwrite: false,
  message: null,
  fileName: 'vehicles.csv',
  startedAt: '2026-11-25T04:00:00.000Z',
  finishedAt: null,
  by: 'Admin',
  ...over,
});

describe('the mapping the user corrects', () => {
  it('fills a field from one column only: choosing it for another leaves the first out', () => {
    const next = mapColumn(MAPPING, 2, 'licensePlate');
    expect(next.map((c) => c.field)).toEqual(['make', '', 'licensePlate']);
    expect(MAPPING[1].field).toBe('licensePlate');
    expect(mapColumn(MAPPING, 0, LEAVE_OUT).map((c) => c.field)).toEqual(['', 'licensePlate', '']);
  });

  it('flags the required fields no column fills, and in update mode only the ID', () => {
    expect(missingFields(MAPPING, FIELDS, false).map((f) => f.field)).toEqual(['vin']);
    expect(missingFields(mapColumn(MAPPING, 2, 'vin'), FIELDS, false)).toEqual([]);
    expect(missingFields(MAPPING, FIELDS, true).map((f) => f.field)).toEqual(['id']);
    expect(missingFields([{ header: 'ID', field: 'id' }], FIELDS, true)).toEqual([]);
    expect(missingFieldsText([FIELDS[3]])).toBe('VIN is not matched to a column.');
    expect(missingFieldsText(FIELDS.slice(1, 4))).toBe('Make, License Plate and VIN are not matched to a column.');
  });

  it('names each column by its header, a blank or shared one by its place', () => {
    const columns = [...MAPPING, { header: ' ', field: '' }, { header: 'Make', field: '' }];
    expect(columnLabel(columns, 1)).toBe('Vehicle No');
    expect(columnLabel(columns, 3)).toBe('Column 4');
    expect(columnLabel(columns, 0)).toBe('Make (column 1)');
    expect(
      sampleValues(
        [
          ['Tata', ''],
          ['', 'MH12AB1234'],
          ['Ashok Leyland', 'KA01'],
        ],
        0,
      ),
    ).toEqual(['Tata', 'Ashok Leyland']);
  });
});

describe('a file before it is sent', () => {
  it('refuses a file over the limit in words, an empty file and what is no spreadsheet', () => {
    expect(importFileProblem({ name: 'fleet.csv', size: DEFAULT_IMPORT_MAX_BYTES + 1 }, DEFAULT_IMPORT_MAX_BYTES)).toEqual({
      title: 'File Too Large',
      message: 'The file is larger than 20 MB. Choose a smaller file.',
    });
    expect(importFileProblem({ name: 'fleet.csv', size: 0 }, DEFAULT_IMPORT_MAX_BYTES)?.title).toBe('Empty File');
    expect(importFileProblem({ name: 'scan.pdf', size: 10 }, DEFAULT_IMPORT_MAX_BYTES)?.title).toBe('Unsupported File');
    for (const name of ['fleet.CSV', 'fleet.xlsx', 'fleet.tsv', 'export.txt'])
      expect(importFileProblem({ name, size: 10 }, DEFAULT_IMPORT_MAX_BYTES), name).toBeNull();
  });

  it('sends the options as multipart fields, the mapping as JSON, false choices left out', async () => {
    const file = new File(['Make\nTata\n'], 'fleet.csv', { type: 'text/csv' });
    const form = importForm(file, { mode: 'dry-run', validOnly: true, mapping: MAPPING });
    expect(form.get('mode')).toBe('dry-run');
    expect(form.get('validOnly')).toBe('true');
    expect(form.has('update')).toBe(false);
    expect(JSON.parse(String(form.get('mapping')))).toEqual(MAPPING);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('fleet.csv');
    expect(await sent.text()).toBe('Make\nTata\n');
  });
});

describe('a run in words', () => {
  it('shows a check by its rows checked, and a commit by rows checked, then written', () => {
    expect(progressFraction(run({ mode: 'dry-run', checked: 250 }))).toBe(0.25);
    expect(progressText(run({ mode: 'dry-run', checked: 250 }))).toBe('Checked 250 of 1,000 rows');
    // Half checked, nothing written: a quarter of the way (every row might still be written).
    expect(progressFraction(run({ checked: 500 }))).toBe(0.25);
    // All checked, 900 valid, 450 of them written.
    expect(progressFraction(run({ checked: 1000, valid: 900, written: 450 }))).toBeCloseTo(1450 / 1900);
    expect(progressText(run({ checked: 1000, written: 450 }))).toBe('Checked 1,000 of 1,000 rows · 450 written');
    // Update mode: 600 rows to change, 400 unchanged (nothing to write), none written yet: half way.
    expect(progressFraction(run({ update: true, checked: 1000, valid: 600, unchanged: 400 }))).toBe(0.625);
    expect(progressFraction(run({ rows: 0 }))).toBe(0);
    expect(progressFraction(run({ status: 'done' }))).toBe(1);
  });

  it('tells what a commit did, and a commit that wrote nothing for its errors as a failure', () => {
    const added = run({ status: 'done', rows: 12, checked: 12, valid: 12, written: 12 });
    expect(outcomeText(added)).toBe('12 records added.');
    expect(outcomeToast(added)).toEqual({ title: 'Import Complete', description: '12 records added.', variant: 'default' });
    // Update mode: a row that matches its record is unchanged, not valid (as the server counts it), nor an error.
    expect(outcomeText(run({ status: 'done', update: true, rows: 5, valid: 1, written: 1, unchanged: 4 }))).toBe('1 record updated; 4 unchanged.');
    expect(outcomeText(run({ status: 'done', update: true, rows: 2, valid: 0, written: 0, unchanged: 2 }))).toBe('0 records updated; 2 unchanged.');
    expect(outcomeText(run({ status: 'done', update: true, validOnly: true, rows: 4, valid: 1, written: 1, unchanged: 2, errorCount: 1 }))).toBe(
      '1 record updated; 2 unchanged; 1 row with errors left out.',
    );
    expect(outcomeText(run({ status: 'done', validOnly: true, rows: 1000, valid: 963, written: 963, errorCount: 40 }))).toBe(
      '963 records added; 37 rows with errors left out.',
    );
    const refused = run({ status: 'done', rows: 3, valid: 2, written: 0, errorCount: 1 });
    expect(outcomeToast(refused)).toEqual({
      title: 'Import Failed',
      description: '0 records added; nothing written: 1 row has errors.',
      variant: 'destructive',
    });
    expect(outcomeToast(run({ status: 'failed', message: 'The file is not a CSV or XLSX file.' })).description).toBe('The file is not a CSV or XLSX file.');
    expect(undoneText({ batchId: 'b', undone: 12 }, false)).toBe('12 records removed.');
    expect(undoneText({ batchId: 'b', undone: 1 }, true)).toBe('1 record put back as it was.');
  });

  it('tells what a check found, and when the answer holds only the first errors', () => {
    expect(checkText(run({ mode: 'dry-run', status: 'done', rows: 1000, valid: 963, errorCount: 37 }))).toBe('1,000 rows: 963 valid, 37 errors.');
    expect(checkText(run({ mode: 'dry-run', status: 'done', rows: 1, valid: 1 }))).toBe('1 row: 1 valid.');
    // Update mode: a row that matches its record is not valid to write, and is counted as unchanged.
    const updating = run({ mode: 'dry-run', status: 'done', update: true, rows: 3, valid: 1, unchanged: 1, errorCount: 1 });
    expect(checkText(updating)).toBe('3 rows: 1 to change, 1 unchanged, 1 error.');
    expect(nothingToChangeText(updating, 'vehicles')).toBeNull();
    const same = run({ mode: 'dry-run', status: 'done', update: true, rows: 2, valid: 0, unchanged: 2 });
    expect(checkText(same)).toBe('2 rows: 0 to change, 2 unchanged.');
    expect(nothingToChangeText(same, 'vehicles')).toBe('Nothing to import: the vehicles already hold what the file has.');
    expect(nothingToChangeText(run({ mode: 'dry-run', status: 'done', rows: 2, valid: 0, errorCount: 2 }), 'vehicles')).toBeNull();
    const errors = Array.from({ length: 1000 }, (_, i) => ({ row: i + 2, column: 'VIN', message: 'VIN is required.' }));
    expect(errorsShownText(run({ errors, errorCount: 2345 }))).toBe('Showing the first 1,000 of 2,345 errors; the CSV holds them all.');
    expect(errorsShownText(run({ errors: errors.slice(0, 37), errorCount: 37 }))).toBeNull();
  });
});

describe('the run shown again when the dialog opens', () => {
  const now = Date.parse('2026-11-25T05:00:00.000Z');
  const ended = (ms: number) => new Date(now - ms).toISOString();

  it('is the newest commit while it runs or for a while after, unless set aside', () => {
    const check = run({ id: 'check', mode: 'dry-run', status: 'running' });
    const going = run({ id: 'going' });
    expect(runToResume([check, going], 'Admin', now, new Set())?.id).toBe('going');
    expect(runToResume([going], 'Admin', now, new Set(['going']))).toBeNull();
    expect(runToResume([run({ id: 'just', status: 'done', finishedAt: ended(60_000) })], 'Admin', now, new Set())?.id).toBe('just');
    expect(runToResume([run({ id: 'old', status: 'done', finishedAt: ended(RECENT_MS + 1) })], 'Admin', now, new Set())).toBeNull();
    // Only the newest counts: an older run still going is not what the user did last.
    expect(runToResume([run({ id: 'old', status: 'done', finishedAt: ended(RECENT_MS + 1) }), going], 'Admin', now, new Set())).toBeNull();
    expect(runToResume([check], 'Admin', now, new Set())).toBeNull();
    // An administrator is answered everyone's runs: another user's run is theirs to follow.
    expect(runToResume([run({ id: 'theirs', by: 'Suresh' }), going], 'Admin', now, new Set())?.id).toBe('going');
  });
});

describe("update mode's conflicts (decision 0061)", () => {
  it('are left out of the rows to import unless overwriting, said in the outcome, named by their labels, and sent as overwrite=true', () => {
    const checked = run({
      mode: 'dry-run',
      update: true,
      status: 'done',
      rows: 5,
      valid: 3,
      unchanged: 2,
      conflictCount: 1,
      conflicts: [{ row: 4, id: 'VEH1', fields: ['make', 'purchaseDate'] }],
    });
    expect(rowsToImport(checked, true, false)).toBe(2);
    expect(rowsToImport(checked, true, true)).toBe(3);
    expect(conflictFieldsText(['make', 'purchaseDate', 'licensePlate'], FIELDS)).toBe('Make, Purchase Date and License Plate');
    expect(conflictFieldsText(['status'], FIELDS)).toBe('status');
    const committed = run({ update: true, status: 'done', rows: 5, valid: 3, written: 2, unchanged: 2, conflictCount: 1 });
    expect(outcomeText(committed)).toBe('2 records updated; 2 unchanged; 1 row changed since the export left out.');
    expect(outcomeText({ ...committed, overwrite: true, written: 3 })).toBe('3 records updated; 2 unchanged.');
    const file = new File(['ID\n'], 'v.csv');
    expect(importForm(file, { mode: 'commit', update: true, overwrite: true }).get('overwrite')).toBe('true');
    expect(importForm(file, { mode: 'commit', update: true }).get('overwrite')).toBeNull();
  });
});
