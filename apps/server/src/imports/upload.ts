import type { Context } from 'hono';
import { ApiError } from '../http/errors';

/** Room for the multipart envelope and the option fields (the mapping of 500 columns) beside the file. */
const ENVELOPE_BYTES = 256 * 1024;

export interface Upload {
  /** The file's bytes (a view into the request body: no copy). */
  bytes: Uint8Array;
  fileName: string;
  /** The form's other fields (multipart), or the query's parameters (a text/csv body). */
  fields: Record<string, string>;
}

export const tooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    'File Too Large',
    `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most an import takes (RAAHI_IMPORT_MAX_MB). Split it into smaller files and import each.`,
  );

/**
 * Reads an import's request body as it streams, counting its bytes: refused (413) before a byte is read when
 * its Content-Length is over the limit, and as soon as the bytes that arrive pass it. The body is held as
 * bytes (never as one string) for the rows to be decoded a window at a time.
 */
async function readBody(c: Context, maxBytes: number): Promise<Buffer> {
  const limit = maxBytes + ENVELOPE_BYTES;
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) throw tooLarge(maxBytes);
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The boundary parameter of a multipart Content-Type, checked by hand. */
function boundaryOf(contentType: string): string | null {
  for (const part of contentType.split(';').slice(1)) {
    const [name, ...rest] = part.split('=');
    if (name.trim().toLowerCase() !== 'boundary') continue;
    let value = rest.join('=').trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value.length > 0 && value.length <= 200 ? value : null;
  }
  return null;
}

/** A header parameter's value (name="file"; filename="fleet.csv"), unquoted. */
function parameter(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim().toLowerCase() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}

const unreadableForm = () =>
  new ApiError(400, 'Upload Failed', 'The upload could not be read. Send the file as multipart/form-data in a field named "file", or as a text/csv body.');

/** The parts of a multipart body, found with Buffer.indexOf (no pattern, no copy of the file's bytes). */
function multipartParts(body: Buffer, boundary: string): { name: string; fileName?: string; data: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { name: string; fileName?: string; data: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw unreadableForm();
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break; // the closing --boundary--
    at += 2; // CRLF
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0 || headersEnd - at > 4096) throw unreadableForm();
    const headers = body.toString('utf8', at, headersEnd).split('\r\n');
    const disposition = headers.find((h) => h.toLowerCase().startsWith('content-disposition:')) ?? '';
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
    if (next < 0) throw unreadableForm();
    const name = parameter(disposition, 'name');
    if (name !== undefined) parts.push({ name, fileName: parameter(disposition, 'filename'), data: body.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
  return parts;
}

/** An import's file and options, from a multipart form (field "file") or a text/csv body with the options as query parameters. */
export async function readUpload(c: Context, maxBytes: number): Promise<Upload> {
  const contentType = (c.req.header('content-type') ?? '').toLowerCase();
  const query = c.req.query();
  if (contentType.startsWith('multipart/form-data')) {
    const boundary = boundaryOf(c.req.header('content-type') ?? '');
    if (!boundary) throw unreadableForm();
    const body = await readBody(c, maxBytes);
    const fields: Record<string, string> = { ...query };
    let file: { data: Buffer; fileName: string } | undefined;
    for (const part of multipartParts(body, boundary)) {
      if (part.name === 'file' && part.fileName !== undefined) file = { data: part.data, fileName: part.fileName };
      else if (part.data.length <= ENVELOPE_BYTES) fields[part.name] = part.data.toString('utf8');
    }
    if (!file) throw new ApiError(400, 'Upload Failed', 'Choose a file to import (a form field named "file").');
    if (file.data.length > maxBytes) throw tooLarge(maxBytes);
    return { bytes: file.data, fileName: file.fileName.slice(0, 200), fields };
  }
  if (
    contentType.startsWith('text/csv') ||
    contentType.startsWith('text/plain') ||
    contentType.startsWith('application/octet-stream') ||
    contentType.startsWith('application/vnd.openxmlformats')
  ) {
    const bytes = await readBody(c, maxBytes);
    if (bytes.length > maxBytes) throw tooLarge(maxBytes);
    return { bytes, fileName: (query.fileName ?? (contentType.startsWith('application/vnd') ? 'import.xlsx' : 'import.csv')).slice(0, 200), fields: query };
  }
  throw new ApiError(415, 'Unsupported Media Type', 'Send the file as multipart/form-data in a field named "file", or as a text/csv body.');
}
