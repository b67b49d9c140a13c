import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unreadable, type CellLimits } from './csv-reader';
import { checkZip, type ZipLimits } from './zip-guard';

/** A cell's value as the import reads it: text, a calendar date (a Date at UTC midnight), or a number. */
export type SheetCell = string;

/** YYYY-MM-DD of a date cell (exceljs gives Excel's dates as UTC instants of their day and time). */
const dayOf = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

/**
 * A cell as text. A formula cell gives its cached result, never the formula and never evaluated; a date
 * cell gives YYYY-MM-DD; rich text its plain text; a hyperlink its text; an error its code (#N/A).
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dayOf(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text ?? null);
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * The rows of the first worksheet of an XLSX file, as text cells. The zip is checked first (zip-guard.ts);
 * the workbook is then read as a stream, row by row, never whole.
 */
export async function* xlsxRows(bytes: Uint8Array, limits: CellLimits & ZipLimits): AsyncGenerator<string[]> {
  await checkZip(bytes, limits);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let rowNumber = 0;
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // Blank rows in between are skipped by the reader: keep the spreadsheet's numbering with empty rows.
        while (rowNumber + 1 < row.number) {
          rowNumber++;
          yield [];
        }
        rowNumber = row.number;
        if (row.cellCount > limits.maxColumns) throw unreadable(`Row ${row.number} has more than ${limits.maxColumns} columns. An import takes at most ${limits.maxColumns} columns.`, 'Too Many Columns');
        const cells: string[] = [];
        for (let column = 1; column <= row.cellCount; column++) {
          const text = cellText(row.getCell(column).value);
          if (text.length > limits.maxCellChars) throw unreadable(`Row ${row.number} has a cell of more than ${limits.maxCellChars.toLocaleString('en-IN')} characters. Shorten it and upload the file again.`, 'Cell Too Long');
          cells.push(text);
        }
        yield cells;
      }
      // Only the first worksheet is imported.
      break;
    }
    if (sheets === 0) throw unreadable(NOT_A_WORKBOOK);
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    throw unreadable(NOT_A_WORKBOOK);
  }
}

const NOT_A_WORKBOOK = 'The file is not a valid Excel workbook (.xlsx). Save it again from Excel, or export it as CSV, and upload it again.';
