import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ApiError } from '../http/errors';
import { unreadable, type CellLimits } from './csv-reader';
import { entryChunks, zipEntries, type ZipEntry, type ZipLimits } from './zip-guard';

/**
 * The XLSX reader (decision 0059). A workbook is read only through its zip's central directory (zip-guard.ts),
 * its parts in the order the reader needs them whatever their order in the zip: the workbook and its
 * relationships (which part is the first sheet), then the styles (which cells are dates) and the shared strings,
 * then the first sheet, inflated and parsed as a stream (saxes) a chunk at a time, the event loop let in after
 * each chunk. Nothing is written to disk. Every amount read is bounded while it is read: the bytes inflated from
 * each part, the shared strings by count and bytes, a text between two tags, the characters of a row.
 */
export interface WorkbookLimits extends ZipLimits {
  /** Shared strings (the workbook's table of texts) kept for its cells: at most this many ... */
  maxSharedStrings: number;
  /** ... and this many bytes of UTF-8 in all. */
  maxSharedStringBytes: number;
  /** The characters of all the cells of one row. */
  maxRowChars: number;
}

/** Excel's own last row (and column, XFD): a sheet never has more. */
export const EXCEL_MAX_ROWS = 1_048_576;
const EXCEL_MAX_COLUMNS = 16_384;
/** A text or an attribute between two tags of a workbook part; Excel's longest cell (32,767 characters, escaped) is far below. */
const MAX_TEXT_RUN_BYTES = 1024 * 1024;
/** Bytes of a part's XML given to the parser at a time (an inflated chunk is 64 KB). */
const PARSE_SLICE = 8 * 1024;
/** Styles kept (Excel allows about 64,000 cell formats). */
const MAX_STYLES = 100_000;

/** One row of the sheet as read: its number as the sheet gives it (rows between are blank) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

const NOT_A_WORKBOOK = 'The file is not a valid Excel workbook (.xlsx). Save it again from Excel, or export it as CSV, and upload it again.';
const notAWorkbook = () => unreadable(NOT_A_WORKBOOK);
const tooLarge = (message: string) => unreadable(message, 'Workbook Too Large');
const fmt = (n: number) => n.toLocaleString('en-IN');

/** A tag's name without its namespace prefix (x:row is row). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The value of an attribute named `local`, whatever its prefix (r:id). */
function attribute(tag: SaxesTagPlain, local: string): string | undefined {
  if (local in tag.attributes) return tag.attributes[local];
  for (const [name, value] of Object.entries(tag.attributes)) if (localName(name) === local) return value;
  return undefined;
}

/** Yields to the event loop: other requests (and /livez) are answered between two chunks of a workbook. */
const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses one part of the workbook as it inflates: each chunk is checked (no text of more than MAX_TEXT_RUN_BYTES
 * between two tags, so the parser never gathers a huge text), decoded and written to the parser; the generator
 * yields after each chunk so that its caller can hand on what the chunk gave, then lets the event loop in.
 */
async function* parsePart(bytes: Uint8Array, entry: ZipEntry, limits: ZipLimits, parser: Parser): AsyncGenerator<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let sinceTag = 0;
  for await (const chunk of entryChunks(bytes, entry, limits)) {
    let at = 0;
    for (;;) {
      const next = chunk.indexOf(0x3c, at);
      const run = sinceTag + (next < 0 ? chunk.length : next) - at;
      if (run > MAX_TEXT_RUN_BYTES)
        throw tooLarge(
          `The workbook's ${entry.name.slice(0, 100)} holds a text of more than 1 MB between two tags; no cell of Excel's is that long. Save the file again from Excel, or as CSV, and upload it again.`,
        );
      if (next < 0) {
        sinceTag = run;
        break;
      }
      sinceTag = 0;
      at = next + 1;
    }
    // Parsed a slice at a time, each slice's rows handed on before the next: rows drawn from long shared strings are
    // never more than a slice's worth at once.
    for (let slice = 0; slice < chunk.length; slice += PARSE_SLICE) {
      parser.write(decoder.decode(chunk.subarray(slice, slice + PARSE_SLICE), { stream: true }));
      yield;
    }
    await letOthersIn();
  }
  parser.write(decoder.decode());
  parser.close();
  yield;
}

/** Reads a whole (small) part through the parser's handlers. */
async function readPart(bytes: Uint8Array, entry: ZipEntry, limits: ZipLimits, parser: Parser): Promise<void> {
  for await (const _ of parsePart(bytes, entry, limits, parser));
}

type Parser = SaxesParser<{ xmlns: false; position: false }>;
const newParser = (): Parser => new SaxesParser({ xmlns: false, position: false });

/** A path inside the zip from a relationship's target, relative to the folder of the part that names it. */
function resolvePath(folder: string, target: string): string {
  const parts = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

interface WorkbookParts {
  sheet: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  date1904: boolean;
}

/**
 * The first sheet (the first tab of xl/workbook.xml, through xl/_rels/workbook.xml.rels) and the shared strings
 * and styles parts; xl/worksheets/sheet1.xml and the usual names when the workbook does not say.
 */
async function workbookParts(bytes: Uint8Array, byName: Map<string, ZipEntry>, limits: ZipLimits): Promise<WorkbookParts> {
  let firstSheetId: string | undefined;
  let date1904 = false;
  const workbook = byName.get('xl/workbook.xml');
  if (workbook) {
    const parser = newParser();
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
      else if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attribute(tag, 'id') ?? '';
    });
    await readPart(bytes, workbook, limits, parser);
  }
  const targets = new Map<string, string>();
  let sharedStringsPath: string | undefined;
  let stylesPath: string | undefined;
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (rels) {
    const parser = newParser();
    parser.on('opentag', (tag) => {
      if (localName(tag.name) !== 'Relationship' || attribute(tag, 'TargetMode') === 'External') return;
      const target = resolvePath('xl', attribute(tag, 'Target') ?? '');
      const type = attribute(tag, 'Type') ?? '';
      if (targets.size < 10_000) targets.set(attribute(tag, 'Id') ?? '', target);
      if (type.endsWith('/sharedStrings')) sharedStringsPath ??= target;
      else if (type.endsWith('/styles')) stylesPath ??= target;
    });
    await readPart(bytes, rels, limits, parser);
  }
  const sheet = byName.get((firstSheetId !== undefined && targets.get(firstSheetId)) || 'xl/worksheets/sheet1.xml');
  if (!sheet) throw notAWorkbook();
  return { sheet, sharedStrings: byName.get(sharedStringsPath ?? 'xl/sharedStrings.xml'), styles: byName.get(stylesPath ?? 'xl/styles.xml'), date1904 };
}

/** Excel's built-in date and time formats (ids 14–22 and 45–47). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or a time: a d, m, y, h or s outside quotes, brackets and escapes. */
export function isDateFormat(code: string): boolean {
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"') {
      const end = code.indexOf('"', i + 1);
      if (end < 0) return false;
      i = end;
    } else if (c === '[') {
      const end = code.indexOf(']', i + 1);
      if (end < 0) return false;
      i = end;
    } else if (c === '\\' || c === '_' || c === '*') i++;
    else if ('dmyhsDMYHS'.includes(c)) return true;
  }
  return false;
}

/** Which cell styles (the index a cell's s names) show a date. */
async function dateStyles(bytes: Uint8Array, entry: ZipEntry | undefined, limits: ZipLimits): Promise<boolean[]> {
  if (!entry) return [];
  const customDates = new Map<number, boolean>();
  const styles: number[] = [];
  let inCellXfs = false;
  const parser = newParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'numFmt' && customDates.size < MAX_STYLES)
      customDates.set(Number(attribute(tag, 'numFmtId')), isDateFormat(attribute(tag, 'formatCode') ?? ''));
    else if (name === 'cellXfs') inCellXfs = !tag.isSelfClosing;
    else if (name === 'xf' && inCellXfs && styles.length < MAX_STYLES) styles.push(Number(attribute(tag, 'numFmtId') ?? '0'));
  });
  parser.on('closetag', (tag) => {
    if (localName(tag.name) === 'cellXfs') inCellXfs = false;
  });
  await readPart(bytes, entry, limits, parser);
  return styles.map((id) => customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
}

/**
 * The shared strings, kept as one buffer of UTF-8 and the end of each string (no JavaScript string per entry,
 * nothing retained from the parser's chunks): a cell's text is decoded when its row is read.
 */
class SharedStrings {
  private readonly bytes: Buffer;
  private ends = new Uint32Array(1024);
  private used = 0;
  count = 0;

  constructor(
    capacity: number,
    private readonly limits: WorkbookLimits,
  ) {
    // Pages of an unwritten buffer are not taken from the system until written.
    this.bytes = Buffer.allocUnsafe(Math.min(capacity, limits.maxSharedStringBytes));
  }

  add(text: string) {
    const { maxSharedStrings, maxSharedStringBytes } = this.limits;
    if (this.count >= maxSharedStrings)
      throw tooLarge(
        `The workbook holds more than ${fmt(maxSharedStrings)} different texts, the most an import reads. Split it into smaller files, or save it as CSV, and upload it again.`,
      );
    const length = Buffer.byteLength(text);
    if (this.used + length > this.bytes.length) {
      throw tooLarge(
        `The workbook's texts come to more than ${fmt(Math.round(maxSharedStringBytes / 1024 / 1024))} MB, the most an import reads. Split it into smaller files, or save it as CSV, and upload it again.`,
      );
    }
    this.bytes.write(text, this.used);
    this.used += length;
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(Math.min(this.ends.length * 2, maxSharedStrings));
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count++] = this.used;
  }

  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return '';
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

/** The shared strings: each <si>'s text, or its rich text runs joined, leaving out phonetic guides (<rPh>). */
async function sharedStrings(bytes: Uint8Array, entry: ZipEntry | undefined, limits: WorkbookLimits): Promise<SharedStrings> {
  const strings = new SharedStrings(entry?.uncompressedSize ?? 0, limits);
  if (!entry) return strings;
  let pieces: string[] | null = null;
  let inText = false;
  let inPhonetic = 0;
  const parser = newParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') pieces = [];
    else if (name === 'rPh') inPhonetic += tag.isSelfClosing ? 0 : 1;
    else if (name === 't' && !tag.isSelfClosing) inText = true;
  });
  const text = (value: string) => {
    if (pieces && inText && inPhonetic === 0) pieces.push(value);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = Math.max(0, inPhonetic - 1);
    else if (name === 'si' && pieces) {
      strings.add(pieces.join(''));
      pieces = null;
    }
  });
  await readPart(bytes, entry, limits, parser);
  return strings;
}

/** A cell reference's column (C5 is 3), or 0 when it has none. */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
    if (column > EXCEL_MAX_COLUMNS) return EXCEL_MAX_COLUMNS + 1;
  }
  return column;
}

/** YYYY-MM-DD of an Excel date serial (days since 1899-12-30, or 1904-01-01), as exceljs gave it. */
function dayOfSerial(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

interface CellState {
  column: number;
  type: string;
  style: number;
  pieces: string[];
  chars: number;
}

/**
 * The rows of the first worksheet of an XLSX file, as text cells, each with its row number (a jump in the
 * numbers is blank rows, never visited). A cell as text: a shared or inline string (rich text as its runs), a
 * formula's cached result (never evaluated), TRUE/FALSE as true/false, an error as its code (#N/A), a number as
 * JavaScript writes it, a number in a date format as YYYY-MM-DD.
 */
export async function* xlsxRows(bytes: Uint8Array, limits: CellLimits & WorkbookLimits): AsyncGenerator<SheetRow> {
  try {
    const byName = new Map<string, ZipEntry>();
    for (const entry of zipEntries(bytes, limits)) if (!byName.has(entry.name)) byName.set(entry.name, entry);
    const parts = await workbookParts(bytes, byName, limits);
    const isDate = await dateStyles(bytes, parts.styles, limits);
    const strings = await sharedStrings(bytes, parts.sharedStrings, limits);

    const ready: SheetRow[] = [];
    let rowNumber = 0;
    let cells: string[] | null = null;
    let rowChars = 0;
    let cell: CellState | null = null;
    let collecting = false;
    let inPhonetic = 0;
    let inSheetData = false;
    const parser = newParser();
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'sheetData') inSheetData = !tag.isSelfClosing;
      else if (!inSheetData) return;
      else if (name === 'row') {
        const given = attribute(tag, 'r');
        const number = given === undefined ? rowNumber + 1 : Number(given);
        if (!Number.isInteger(number) || number <= rowNumber) throw notAWorkbook();
        if (number > EXCEL_MAX_ROWS)
          throw unreadable(
            `Row ${fmt(number)} is past row ${fmt(EXCEL_MAX_ROWS)}, the last row of an Excel sheet: the file is damaged. Save it again from Excel and upload it again.`,
            'Too Many Rows',
          );
        rowNumber = number;
        cells = [];
        rowChars = 0;
      } else if (name === 'c' && cells) {
        const reference = attribute(tag, 'r');
        const column = reference === undefined ? cells.length + 1 : columnOf(reference);
        if (column < 1) throw notAWorkbook();
        if (column > limits.maxColumns)
          throw unreadable(
            `Row ${rowNumber} has more than ${limits.maxColumns} columns. An import takes at most ${limits.maxColumns} columns.`,
            'Too Many Columns',
          );
        cell = { column, type: attribute(tag, 't') ?? 'n', style: Number(attribute(tag, 's') ?? '0'), pieces: [], chars: 0 };
      } else if (cell && (name === 'v' || (name === 't' && inPhonetic === 0))) collecting = !tag.isSelfClosing;
      else if (cell && name === 'rPh') inPhonetic += tag.isSelfClosing ? 0 : 1;
    });
    const text = (value: string) => {
      if (!cell || !collecting) return;
      cell.chars += value.length;
      if (cell.chars > limits.maxCellChars) throw cellTooLong(rowNumber, limits);
      cell.pieces.push(value);
    };
    parser.on('text', text);
    parser.on('cdata', text);
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 'v' || name === 't') collecting = false;
      else if (name === 'rPh') inPhonetic = Math.max(0, inPhonetic - 1);
      else if (name === 'c' && cell && cells) {
        const value = cellValue(cell, strings, isDate, parts.date1904);
        if (value.length > limits.maxCellChars) throw cellTooLong(rowNumber, limits);
        rowChars += value.length;
        if (rowChars > limits.maxRowChars)
          throw unreadable(
            `Row ${rowNumber} holds more than ${fmt(limits.maxRowChars)} characters in all, the most a row of an import holds. Shorten its cells and upload the file again.`,
            'Row Too Long',
          );
        while (cells.length < cell.column - 1) cells.push('');
        cells[cell.column - 1] = value;
        cell = null;
      } else if (name === 'row' && cells) {
        if (cells.length > 0) ready.push({ row: rowNumber, cells });
        cells = null;
      } else if (name === 'sheetData') inSheetData = false;
    });
    for await (const _ of parsePart(bytes, parts.sheet, limits, parser)) {
      while (ready.length > 0) yield ready.shift()!;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw notAWorkbook();
  }
}

const cellTooLong = (row: number, limits: CellLimits) =>
  unreadable(`Row ${row} has a cell of more than ${fmt(limits.maxCellChars)} characters. Shorten it and upload the file again.`, 'Cell Too Long');

function cellValue(cell: CellState, strings: SharedStrings, isDate: boolean[], date1904: boolean): string {
  const raw = cell.pieces.length === 1 ? cell.pieces[0] : cell.pieces.join('');
  switch (cell.type) {
    case 's':
      return raw === '' ? '' : strings.get(Number(raw));
    case 'inlineStr':
    case 'str':
    case 'e':
      return raw;
    case 'b':
      return raw === '' ? '' : String(raw.trim() === '1' || raw.trim().toLowerCase() === 'true');
    case 'd': {
      const date = new Date(raw);
      return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
    }
    default: {
      if (raw.trim() === '') return '';
      const number = parseFloat(raw);
      if (Number.isNaN(number)) return '';
      return isDate[cell.style] ? dayOfSerial(number, date1904) : String(number);
    }
  }
}
