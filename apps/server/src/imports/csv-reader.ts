import { ApiError } from '../http/errors';

/** A file that cannot be imported as a whole: the run stops with this message, and nothing is written. */
export const unreadable = (message: string, title = 'File Not Readable') => new ApiError(422, title, message);

/** Characters decoded per step: a row is parsed from a window of the file, never from the whole file as one string. */
const CHUNK_BYTES = 64 * 1024;

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const hasUtf8Bom = (bytes: Uint8Array) => bytes.length >= 3 && UTF8_BOM.every((byte, i) => bytes[i] === byte);

/**
 * Where the bytes stop being UTF-8: the offset of the first byte that does not start or continue a well-formed
 * sequence (-1 when the whole file is UTF-8), and whether any sequence of a lead byte 0xC2–0xF4 and its
 * continuation bytes (0x80–0xBF) occurs at all, that is whether the file looks like UTF-8 anywhere.
 */
export function utf8Scan(bytes: Uint8Array): { firstInvalid: number; looksUtf8: boolean } {
  let firstInvalid = -1;
  let looksUtf8 = false;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    let continued = length > 0 && i + length <= bytes.length;
    for (let k = 1; continued && k < length; k++) continued = (bytes[i + k] & 0xc0) === 0x80;
    if (continued) {
      looksUtf8 = true;
      // Well-formed beyond the shape: no overlong three- or four-byte forms, no surrogates, nothing past U+10FFFF.
      const second = bytes[i + 1];
      const wellFormed = !(
        (lead === 0xe0 && second < 0xa0) ||
        (lead === 0xed && second > 0x9f) ||
        (lead === 0xf0 && second < 0x90) ||
        (lead === 0xf4 && second > 0x8f)
      );
      if (!wellFormed && firstInvalid < 0) firstInvalid = i;
      i += length;
    } else {
      if (firstInvalid < 0) firstInvalid = i;
      i++;
    }
    if (firstInvalid >= 0 && looksUtf8) break;
  }
  return { firstInvalid, looksUtf8 };
}

/**
 * The file's text encoding: UTF-8 (with or without a byte order mark) when its bytes are valid UTF-8;
 * Windows-1252 (what Excel on an Indian Windows saves as "CSV") when no byte sequence in it looks like UTF-8;
 * refused otherwise (UTF-8 in places and stray bytes elsewhere: decoding either way would change some text
 * silently), naming the row and the first byte that is not UTF-8.
 */
export function encodingOf(bytes: Uint8Array): 'utf-8' | 'windows-1252' {
  const { firstInvalid, looksUtf8 } = utf8Scan(bytes);
  if (firstInvalid < 0) return 'utf-8';
  if (!looksUtf8) return 'windows-1252';
  // The row as the reader counts it: line breaks inside quotes are part of a cell.
  let row = 1;
  let rowStart = 0;
  let quoted = false;
  for (let i = 0; i < firstInvalid; i++) {
    if (bytes[i] === 0x22) quoted = !quoted;
    else if (!quoted && (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a))) {
      row++;
      rowStart = i + 1;
    }
  }
  const hex = bytes[firstInvalid].toString(16).toUpperCase().padStart(2, '0');
  throw unreadable(
    `Row ${row.toLocaleString('en-IN')} has a byte that is not UTF-8 (0x${hex}, byte ${(firstInvalid - rowStart + 1).toLocaleString('en-IN')} of the row), though the file is UTF-8 elsewhere. Save it again from Excel as "CSV UTF-8 (Comma delimited)" and upload it again.`,
    'Mixed Text Encoding',
  );
}

/** The text of the file in steps of CHUNK_BYTES, its byte order mark left out. */
function* decodedChunks(bytes: Uint8Array): Generator<string> {
  const encoding = encodingOf(bytes);
  const body = encoding === 'utf-8' && hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes;
  const decoder = new TextDecoder(encoding);
  for (let start = 0; start < body.length; start += CHUNK_BYTES) yield decoder.decode(body.subarray(start, start + CHUNK_BYTES), { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

export const SEPARATORS = [',', ';', '\t'] as const;
export type Separator = (typeof SEPARATORS)[number];

/**
 * The separator of the header line: the one of comma, semicolon and tab it holds most of outside quotes
 * (a comma when none). Europe's and many Indian Excels save "CSV" with semicolons.
 */
export function sniffSeparator(headerLine: string): Separator {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const c of headerLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: Separator = ',';
  for (const s of SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}

/** The header line (up to its first line break outside quotes), for sniffing; at most `limit` characters are looked at. */
function firstLine(text: string, limit: number): string {
  let quoted = false;
  const end = Math.min(text.length, limit);
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) return text.slice(0, i);
  }
  return text.slice(0, end);
}

export interface CellLimits {
  maxColumns: number;
  maxCellChars: number;
}

/**
 * The rows of a CSV file (RFC 4180: quoted fields, doubled quotes, CRLF, LF or CR line ends), each a list of
 * cells, read by one pass of a state machine over the decoded text (no pattern). A cell over `maxCellChars`
 * or a row over `maxColumns` stops the read with a clear message before it is kept.
 */
export function* csvRows(bytes: Uint8Array, limits: CellLimits): Generator<string[]> {
  let separator: Separator | undefined;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  // After a closing quote: a doubled quote ("") continues the cell, anything else ends the quoted part.
  let quoteSeen = false;
  let pendingCr = false;
  let rowNumber = 1;
  let rowStarted = false;
  const tooLong = () =>
    unreadable(
      `Row ${rowNumber} has a cell of more than ${limits.maxCellChars.toLocaleString('en-IN')} characters. Shorten it and upload the file again.`,
      'Cell Too Long',
    );
  const endCell = () => {
    if (row.length >= limits.maxColumns)
      throw unreadable(
        `Row ${rowNumber} has more than ${limits.maxColumns} columns. An import takes at most ${limits.maxColumns} columns.`,
        'Too Many Columns',
      );
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    const done = row;
    row = [];
    rowStarted = false;
    rowNumber++;
    return done;
  };
  for (const chunk of decodedChunks(bytes)) {
    separator ??= sniffSeparator(firstLine(chunk, chunk.length));
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (pendingCr) {
        pendingCr = false;
        if (c === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === '"') {
            cell += '"';
            continue;
          }
          quoted = false;
          // falls through: the character after the closing quote is read as unquoted
        } else if (c === '"') {
          quoteSeen = true;
          continue;
        } else {
          cell += c;
          if (cell.length > limits.maxCellChars) throw tooLong();
          continue;
        }
      }
      rowStarted = true;
      if (c === separator) endCell();
      else if (c === '\n' || c === '\r') {
        pendingCr = c === '\r';
        yield endRow();
      } else if (c === '"' && cell === '') quoted = true;
      else {
        cell += c;
        if (cell.length > limits.maxCellChars) throw tooLong();
      }
    }
  }
  if (quoted && !quoteSeen) throw unreadable(`Row ${rowNumber} opens a quote (") that is never closed. Check the file is a CSV file and upload it again.`);
  if (rowStarted || cell !== '' || row.length > 0 || quoteSeen) yield endRow();
}
