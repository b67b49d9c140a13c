import { csvRows, unreadable, type CellLimits } from './csv-reader';
import { xlsxRows } from './xlsx-reader';
import { looksLikeZip, type ZipLimits } from './zip-guard';

export interface ReadLimits extends CellLimits, ZipLimits {
  maxRows: number;
}

export const CELL_LIMITS = { maxColumns: 500, maxCellChars: 10_000 };
/** A workbook is a few dozen parts; its sheets inflate to some times the file (text compresses about tenfold). */
export const zipLimitsFor = (maxBytes: number): ZipLimits => ({ maxEntries: 1000, maxUncompressedBytes: Math.max(maxBytes * 12, 64 * 1024 * 1024) });

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

/**
 * Opens an uploaded file as a header and its rows: an XLSX workbook when its bytes are a zip (whatever its
 * name says), else CSV text. Empty files, binary junk, a file without a header and one without any row are
 * refused with a clear message before any row is checked.
 */
export async function openFile(bytes: Uint8Array, fileName: string, limits: ReadLimits): Promise<OpenedFile> {
  if (bytes.length === 0) throw unreadable('The file is empty. Choose a CSV or Excel file with a header row and at least one record.', 'Empty File');
  const isZip = looksLikeZip(bytes);
  if (!isZip && fileName.toLowerCase().endsWith('.xlsx')) throw unreadable('The file is named .xlsx but is not an Excel workbook. Save it again from Excel and upload it again.');
  if (!isZip && looksBinary(bytes)) throw unreadable('The file is not a CSV text file. Save it from Excel as "CSV UTF-8 (Comma delimited)" or as an Excel workbook (.xlsx), and upload it again.');
  const source: AsyncIterator<string[]> | Iterator<string[]> = isZip ? xlsxRows(bytes, limits) : csvRows(bytes, limits);
  let spreadsheetRow = 0;
  let next = await source.next();
  spreadsheetRow++;
  while (!next.done && isBlank(next.value)) {
    next = await source.next();
    spreadsheetRow++;
  }
  if (next.done) throw unreadable('The file has no header row. Its first row must name the columns, such as the template’s.', 'Empty File');
  const header = next.value.map((cell) => cell.trim());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const headerRow = spreadsheetRow;
  const rows = (async function* (): AsyncGenerator<FileRow> {
    let row = headerRow;
    let records = 0;
    for (;;) {
      const item = await source.next();
      if (item.done) break;
      row++;
      if (isBlank(item.value)) continue;
      records++;
      if (records > limits.maxRows) throw unreadable(`The file has more than ${limits.maxRows.toLocaleString('en-IN')} records (row ${row} is one too many). Split it into smaller files and import each.`, 'Too Many Rows');
      yield { row, cells: item.value };
    }
    if (records === 0) throw unreadable('The file has a header row but no records. Add at least one row under the header and upload it again.', 'No Records');
  })();
  return { format: isZip ? 'xlsx' : 'csv', header, rows };
}
