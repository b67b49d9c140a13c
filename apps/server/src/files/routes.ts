import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { eq } from 'drizzle-orm';
import { FILE_ID_PATTERN, fileTooLarge } from '@raahi/domain';
import { byApiKey } from '../auth/actor';
import { KEY_REFUSED, type AppEnv } from '../auth/middleware';
import { notAllowed, roleOf, type Permissions } from '../auth/permissions';
import { randomToken } from '../auth/tokens';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { attachmentHeader, cleanFileName, detectType, extensionOf } from './content-type';
import type { FileStorage } from './storage';

export interface StoredFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

const ACCEPTED = 'Only PDF, JPEG, PNG and WebP files can be uploaded.';

/** One upload service for the whole product: POST /api/files (multipart, field "file"), GET /api/files/:id. */
export function fileRoutes(database: Database, storage: FileStorage, maxBytes: number, permissions: Permissions) {
  const app = new Hono<AppEnv>();
  const tooLarge = () => {
    const { title, message } = fileTooLarge(maxBytes);
    return new ApiError(413, title, message);
  };

  app.post(
    '/',
    // Before a byte is read: only a role that may add or edit records with files uploads.
    async (c, next) => {
      // An upload waits unattached as its uploader's, and a key could not attach it (decision 0062).
      if (byApiKey(c)) throw KEY_REFUSED.uploads;
      if (!permissions.canUpload(roleOf(c))) throw notAllowed(roleOf(c), 'upload files');
      await next();
    },
    // A declared Content-Length over the limit is refused before a byte of the body is read.
    bodyLimit({
      maxSize: maxBytes + 64 * 1024, // room for the multipart envelope
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new ApiError(415, 'Unsupported Media Type', 'Send the file as multipart/form-data in a field named "file".');
      }
      let upload: unknown;
      try {
        upload = (await c.req.parseBody())['file'];
      } catch {
        throw new ApiError(400, 'Upload Failed', 'The upload could not be read. Please try again.');
      }
      if (!(upload instanceof File)) throw new ApiError(400, 'Upload Failed', 'Choose a file to upload (a form field named "file").');
      if (upload.size === 0) throw new ApiError(400, 'Upload Failed', 'The file is empty.');
      if (upload.size > maxBytes) throw tooLarge();
      const bytes = new Uint8Array(await upload.arrayBuffer());
      const type = detectType(bytes);
      if (!type) throw new ApiError(415, 'Unsupported File Type', `${ACCEPTED} This file is none of these.`);
      const name = cleanFileName(upload.name);
      const extension = extensionOf(name);
      if (extension && !type.extensions.includes(extension)) {
        throw new ApiError(
          415,
          'Unsupported File Type',
          `The file name ends in .${extension}, but the file is ${type.description}. Rename it or choose another file.`,
        );
      }
      const stored: StoredFile = { id: 'FIL' + randomToken(12), name, size: bytes.length, contentType: type.contentType };
      const storageKey = randomToken(24);
      try {
        await storage.put(storageKey, bytes);
      } catch (err) {
        // The store refused or did not answer: no row is written, so no record can name bytes that are not there.
        // (The key is random and the bytes are never logged; a partial object is the store's to drop, see storage.ts.)
        console.error('Storing an upload failed:', (err as Error).name, (err as Error).message);
        await storage.delete(storageKey).catch(() => undefined);
        throw new ApiError(503, 'Upload Failed', 'The file could not be stored. Nothing was saved; please try again in a moment.');
      }
      try {
        await database.db.insert(files).values({
          id: stored.id,
          storageKey,
          originalName: name,
          contentType: type.contentType,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          uploadedBy: c.get('session').user.id,
        });
      } catch (err) {
        // No row names these bytes: do not leave them (often personal documents) on disk.
        await storage.delete(storageKey).catch(() => undefined);
        throw err;
      }
      return c.json(stored, 201);
    },
  );

  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    const missing = notFound('This file does not exist. It may have been removed.');
    if (!FILE_ID_PATTERN.test(id)) throw missing;
    const [row] = await database.db.select().from(files).where(eq(files.id, id));
    if (!row) throw missing;
    // A file not yet attached is its uploader's, a person: a key acting as them does not open it (decision 0062).
    if (row.attachedTable === null && byApiKey(c)) throw KEY_REFUSED.uploads;
    const refusal = permissions.fileRefusal(roleOf(c), c.get('session').user.id, row);
    if (refusal) throw refusal;
    const body = await storage.get(row.storageKey);
    if (!body) throw missing;
    return c.body(body, 200, {
      'content-type': row.contentType,
      'content-length': String(row.sizeBytes),
      'content-disposition': attachmentHeader(row.originalName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  return app;
}
