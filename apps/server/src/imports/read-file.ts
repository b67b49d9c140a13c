import { csvRows, unreadable, type CellLimits } from './csv-reader';
import { xlsxRows, type SheetRow, type WorkbookLimits } from './xlsx-reader';
import { looksLikeZip } from './zip-guard';

export interface ReadLimits extends CellLimits, WorkbookLimits {
  maxRows: number;
}

export const CELL_LIMITS = { maxColumns: 500, maxCellChars: 10_000 };
/**
 * A workbook is a few dozen parts; its sheets inflate to some times the file (text compresses about tenfold). Its
 * shared strings are kept while the sheet is read: 1,000,000 texts and 32 MB at most (200,000 rows of five
 * different 30-character texts take 6 MB), and a row of an import holds at most 32,000 characters, so that a
 * batch of rows drawn from them stays small (decision 0059).
 */
export const zipLimitsFor = (maxBytes: number): WorkbookLimits => ({
  maxEntries: 1000,
  maxUncompressedBytes: Math.max(maxBytes * 12, 64 * 1024 * 1024),
  maxSharedStrings: 1_000_000,
  maxSharedStringBytes: 32 * 1024 * 1024,
  maxRowChars: 32_000,
});

/** One record row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface FileRow {
  row: number;
  cells: string[];
}

export interface OpenedFile {
  format: 'csv' | 'xlsx';
  header: string[];
  /** The record rows after the header, blank rows left out; stops with a clear message at the first row over maxRows. */
  rows: AsyncGenerator<FileRow>;
}

/** Bytes a text file never holds (NUL, and C0 controls other than tab, line feed, carriage return and form feed). */
function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) {
    const byte = bytes[i];
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return true;
  }
  return false;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** A CSV's rows numbered as a spreadsheet shows them, the event loop let in every 1,000 rows (blank ones too). */
async function* numbered(rows: Iterable<string[]>): AsyncGenerator<SheetRow> {
  let row = 0;
  for (const cells of rows) {
    row++;
    if (row % 1000 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    yield { row, cells };
  }
}

/**
 * Opens an uploaded file as a header and its rows: an XLSX workbook when its bytes are a zip (whatever its
 * name says), else CSV text. Empty files, binary junk, a file without a header and one without any row are
 * refused with a clear message before any row is checked.
 */
export async function openFile(bytes: Uint8Array, fileName: string, limits: ReadLimits): Promise<OpenedFile> {
  if (bytes.length === 0) throw unreadable('The file is empty. Choose a CSV or Excel file with a header row and at least one record.', 'Empty File');
  const isZip = looksLikeZip(bytes);
  if (!isZip && fileName.toLowerCase().endsWith('.xlsx'))
    throw unreadable('The file is named .xlsx but is not an Excel workbook. Save it again from Excel and upload it again.');
  if (!isZip && looksBinary(bytes))
    throw unreadable(
      'The file is not a CSV text file. Save it from Excel as "CSV UTF-8 (Comma delimited)" or as an Excel workbook (.xlsx), and upload it again.',
    );
  const source: AsyncIterator<SheetRow> = isZip ? xlsxRows(bytes, limits) : numbered(csvRows(bytes, limits));
  let next = await source.next();
  while (!next.done && isBlank(next.value.cells)) next = await source.next();
  if (next.done) throw unreadable('The file has no header row. Its first row must name the columns, such as the template’s.', 'Empty File');
  const header = next.value.cells.map((cell) => cell.trim());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const headerRow = next.value.row;
  const rows = (async function* (): AsyncGenerator<FileRow> {
    let records = 0;
    for (;;) {
      const item = await source.next();
      if (item.done) break;
      const { row, cells } = item.value;
      // A sheet's rows carry their numbers: one far below the records is refused at once, whatever lies between.
      if (isZip && row > headerRow + limits.maxRows) {
        const last = headerRow + limits.maxRows;
        throw unreadable(
          `Row ${row.toLocaleString('en-IN')} of the sheet is past row ${last.toLocaleString('en-IN')}: an import takes at most ${limits.maxRows.toLocaleString('en-IN')} records, one a row under the header. Delete the rows below the records, or split the file, and upload it again.`,
          'Too Many Rows',
        );
      }
      if (isBlank(cells)) continue;
      records++;
      if (records > limits.maxRows)
        throw unreadable(
          `The file has more than ${limits.maxRows.toLocaleString('en-IN')} records (row ${row} is one too many). Split it into smaller files and import each.`,
          'Too Many Rows',
        );
      yield { row, cells };
    }
    if (records === 0) throw unreadable('The file has a header row but no records. Add at least one row under the header and upload it again.', 'No Records');
  })();
  return { format: isZip ? 'xlsx' : 'csv', header, rows };
}
