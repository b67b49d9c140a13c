import { createInflateRaw } from 'node:zlib';
import { ApiError } from '../http/errors';
import { unreadable } from './csv-reader';

/**
 * An XLSX file is a zip. A 20 MB zip can inflate to gigabytes (a "zip bomb"), so before any library opens
 * it, its central directory (the zip's table of contents, at its end) is read by hand: the number of entries
 * and the sizes they declare must stay within limits. An entry is read only through the directory, and
 * inflated as it is parsed, counting its bytes: it must not grow past what it declared (a directory that
 * lies is caught too).
 */
export interface ZipLimits {
  maxEntries: number;
  /** The sum of the entries' declared uncompressed sizes. */
  maxUncompressedBytes: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const notAZip = () => unreadable('The file is not a valid Excel workbook (.xlsx). Save it again from Excel, or export it as CSV, and upload it again.');

/** Whether the bytes start as a zip does (an XLSX, or a file claiming to be one). */
export const looksLikeZip = (bytes: Uint8Array) => bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0) === LOCAL_HEADER;

/** The entries of the zip's central directory; refused when it is missing, damaged, ZIP64 or over the limits. */
export function zipEntries(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus at most a 64 KB comment: look for its signature backwards.
  let end = -1;
  for (let at = buffer.length - END_RECORD_SIZE; at >= Math.max(0, buffer.length - END_RECORD_SIZE - MAX_COMMENT); at--) {
    if (buffer.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notAZip();
  const count = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  // 0xFFFF / 0xFFFFFFFF mean ZIP64: a workbook of more than 65,535 parts or 4 GB, never one of ours.
  if (count === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) throw tooBig(limits);
  if (count > limits.maxEntries)
    throw unreadable(
      `The workbook holds ${count.toLocaleString('en-IN')} parts; an import takes at most ${limits.maxEntries.toLocaleString('en-IN')}.`,
      'Workbook Too Large',
    );
  if (directoryOffset + directorySize > end) throw notAZip();
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || buffer.readUInt32LE(at) !== DIRECTORY_ENTRY) throw notAZip();
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const uncompressedSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeaderOffset = buffer.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) throw tooBig(limits);
    total += uncompressedSize;
    if (total > limits.maxUncompressedBytes) throw tooBig(limits);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const tooBig = (limits: ZipLimits) =>
  unreadable(
    `The workbook would unpack to more than ${Math.round(limits.maxUncompressedBytes / 1024 / 1024)} MB. Split it into smaller files, or save it as CSV, and upload it again.`,
    'Workbook Too Large',
  );

/** Bytes inflated per step: an entry is never held whole, only the step being parsed. */
export const INFLATE_CHUNK = 64 * 1024;

/**
 * Where a listed entry's data lies: at the offset the directory gives, behind a local header of the same name.
 * Entries are only ever found through the directory, so a part the directory does not list (a "hidden" local
 * entry, which a reader walking the zip from its start would inflate) is never read.
 */
function entryData(buffer: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_HEADER) throw notAZip();
  const nameLength = buffer.readUInt16LE(at + 26);
  if (buffer.toString('utf8', at + 30, at + 30 + nameLength) !== entry.name)
    throw unreadable(`The workbook's parts do not match its table of contents (${entry.name.slice(0, 100)}). Save it again from Excel and upload it again.`);
  const start = at + 30 + nameLength + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) throw notAZip();
  return buffer.subarray(start, start + entry.compressedSize);
}

/**
 * A listed entry's bytes as they inflate, INFLATE_CHUNK at a time, pulled by the reader (nothing is inflated
 * ahead of what it parses). The bytes are counted as they come: past the size the directory declares for the
 * entry (which zipEntries keeps within the limits) the read stops, so a directory that lies is caught while
 * reading, not after.
 */
export async function* entryChunks(bytes: Uint8Array, entry: ZipEntry, limits: ZipLimits): AsyncGenerator<Buffer> {
  const data = entryData(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), entry);
  if (entry.uncompressedSize > limits.maxUncompressedBytes) throw tooBig(limits);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw notAZip();
    for (let at = 0; at < data.length; at += INFLATE_CHUNK) yield data.subarray(at, at + INFLATE_CHUNK);
    return;
  }
  if (entry.method !== 8) throw notAZip();
  const inflate = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  inflate.end(data);
  let size = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.uncompressedSize || size > limits.maxUncompressedBytes) throw tooBig(limits);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw notAZip();
  } finally {
    inflate.destroy();
  }
  if (size !== entry.uncompressedSize) throw notAZip();
}
