import { hasVisibleCharacter, withoutBidiControls } from '@raahi/domain';
/** The file types the product accepts, recognised by their first bytes (not by name or declared type). */
export interface AcceptedType {
  contentType: string;
  description: string;
  extensions: string[];
}

const PDF: AcceptedType = { contentType: 'application/pdf', description: 'a PDF document', extensions: ['pdf'] };
const JPEG: AcceptedType = { contentType: 'image/jpeg', description: 'a JPEG image', extensions: ['jpg', 'jpeg', 'jfif'] };
const PNG: AcceptedType = { contentType: 'image/png', description: 'a PNG image', extensions: ['png'] };
const WEBP: AcceptedType = { contentType: 'image/webp', description: 'a WebP image', extensions: ['webp'] };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

export function detectType(bytes: Uint8Array): AcceptedType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return PDF;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return WEBP;
  return null;
}

/**
 * The name to keep: the last path segment only, without control characters, at most 200 characters.
 * It is only ever shown and sent back in Content-Disposition; the bytes are stored under a random key.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Bidi controls would show 'report\u202Eexe.pdf' as 'reportfdp.exe'.
  // eslint-disable-next-line no-control-regex
  const cleaned = withoutBidiControls(base.replace(/[\u0000-\u001f\u007f"]/g, ''))
    .trim()
    .replace(/^\.+/, '');
  if (!hasVisibleCharacter(cleaned)) return 'file';
  if (cleaned.length <= 200) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 200 - extension.length) + extension;
}

export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : null;
}

/** Content-Disposition for a download: ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
