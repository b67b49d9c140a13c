import { createInflateRaw } from 'node:zlib';
import { unreadable } from './csv-reader';

/**
 * An XLSX file is a zip. A 20 MB zip can inflate to gigabytes (a "zip bomb"), so before any library opens
 * it, its central directory (the zip's table of contents, at its end) is read by hand: the number of entries
 * and the sizes they declare must stay within limits. Each entry is then inflated once, counting and
 * dropping its bytes, and must not grow past what it declared: a directory that lies is caught too.
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

interface ZipEntry {
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
  if (count > limits.maxEntries) throw unreadable(`The workbook holds ${count.toLocaleString('en-IN')} parts; an import takes at most ${limits.maxEntries.toLocaleString('en-IN')}.`, 'Workbook Too Large');
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
  unreadable(`The workbook would unpack to more than ${Math.round(limits.maxUncompressedBytes / 1024 / 1024)} MB. Split it into smaller files, or save it as CSV, and upload it again.`, 'Workbook Too Large');

/**
 * Checks the directory, then inflates each entry (streamed, nothing kept) and stops as soon as one grows past
 * its declared size: only a zip whose parts are what it says is handed to the XLSX library.
 */
export async function checkZip(bytes: Uint8Array, limits: ZipLimits): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of zipEntries(bytes, limits)) {
    const at = entry.localHeaderOffset;
    if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_HEADER) throw notAZip();
    const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
    if (start + entry.compressedSize > buffer.length) throw notAZip();
    const data = buffer.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw notAZip();
      continue;
    }
    if (entry.method !== 8) throw notAZip();
    await inflatesWithin(data, entry.uncompressedSize, limits);
  }
}

function inflatesWithin(data: Buffer, declared: number, limits: ZipLimits): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > declared) {
        inflate.destroy();
        reject(tooBig(limits));
      }
    });
    inflate.on('end', () => (size === declared ? resolve() : reject(notAZip())));
    inflate.on('error', () => reject(notAZip()));
    inflate.end(data);
  });
}
