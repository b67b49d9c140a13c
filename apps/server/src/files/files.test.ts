import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  driverBody,
  healthBody,
  multipartBody,
  startTestServer,
  trainingBody,
  type TestClient,
  type TestListener,
  type TestServer,
} from '../testing/test-server';

/** Small but well-formed files of each accepted type, with bytes of every value so that any re-encoding shows. */
const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%'),
  Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
  Buffer.from('\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'),
  Buffer.from('3 0 obj\n<< /Length 256 >>\nstream\n'),
  EVERY_BYTE,
  Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
]);

/** SOI, a JFIF APP0 segment, a comment segment carrying every byte value, EOI. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0xff, 0xfe, 0x01, 0x02]),
  EVERY_BYTE,
  Buffer.from([0xff, 0xd9]),
]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 1×1 opaque red PNG. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
  pngChunk('IDAT', deflateSync(Buffer.from([0, 0xff, 0, 0]))),
  pngChunk('IEND', Buffer.alloc(0)),
]);

/** A 1×1 lossless WebP. */
const WEBP = Buffer.from([
  0x52, 0x49, 0x46, 0x46, 0x1a, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10, 0x07,
  0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00,
]);

const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]), Buffer.alloc(50)]);

const UNSUPPORTED = { title: 'Unsupported File Type', message: 'Only PDF, JPEG, PNG and WebP files can be uploaded. This file is none of these.' };
const FILE_MISSING = { title: 'Not Found', message: 'This file does not exist. It may have been removed.' };

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

async function upload(name: string, data: Buffer, c: TestClient = client) {
  const res = await c.upload(name, data);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; size: number; contentType: string };
}

/** Every regular file under a directory, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** The value of RFC 6266's filename* parameter, decoded. */
function utf8FileName(disposition: string | null): string | undefined {
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '');
  return match ? decodeURIComponent(match[1]) : undefined;
}

describe('uploading and downloading', () => {
  it.each([
    ['scan.pdf', PDF, 'application/pdf'],
    ['photo.JPG', JPEG, 'image/jpeg'],
    ['photo.jpeg', JPEG, 'image/jpeg'],
    ['pixel.png', PNG, 'image/png'],
    ['pixel.webp', WEBP, 'image/webp'],
    ['no-extension', PNG, 'image/png'],
  ])('stores %s and serves back the same bytes as an attachment', async (name, data, contentType) => {
    // The type the browser declares plays no part: the content decides.
    const res = await client.upload(name, data, { contentType: 'text/plain' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^FIL[0-9A-Za-z_-]{10,40}$/), name, size: data.length, contentType });

    const download = await client.get(`/api/files/${res.body.id}`);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(data)).toBe(true);
    expect(download.headers.get('content-type')).toBe(contentType);
    expect(download.headers.get('content-length')).toBe(String(data.length));
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(download.headers.get('cache-control')).toMatch(/\bprivate\b/);
    expect(download.headers.get('cache-control')).toMatch(/\bno-store\b/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps a name in Indian script and sends it back exactly, with an ASCII fallback', async () => {
    const name = 'आधार कार्ड.pdf';
    const stored = await upload(name, PDF);
    expect(stored.name).toBe(name);
    const download = await client.get(`/api/files/${stored.id}`);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(PDF)).toBe(true);
    const disposition = download.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(disposition).toMatch(/^[\x20-\x7e]*$/);
    expect(utf8FileName(disposition)).toBe(name);
  });

  it('gives each upload of the same file its own id and storage key', async () => {
    const a = await upload('same.png', PNG);
    const b = await upload('same.png', PNG);
    expect(a.id).not.toBe(b.id);
    const keys = await server.database.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = ANY($1)', [[a.id, b.id]]);
    expect(new Set(keys.map((k) => k.storage_key)).size).toBe(2);
  });
});

describe('what is refused', () => {
  /** Runs uploads that must fail and checks that no row and no stored file was added. */
  async function expectNothingStored(action: () => Promise<unknown>) {
    const rows = await server.count('files');
    const stored = await filesUnder(server.dataDir);
    await action();
    expect(await server.count('files')).toBe(rows);
    expect(await filesUnder(server.dataDir)).toEqual(stored);
  }

  it('refuses a file that is none of the accepted types, whatever its name says', async () => {
    await expectNothingStored(async () => {
      for (const [name, data] of [
        ['x.pdf', Buffer.from('This is just text, not a PDF.\n')],
        ['setup.exe', EXE],
        ['invoice.pdf', EXE],
        ['photo.png', Buffer.from('GIF89a\x01\x00\x01\x00')],
        ['page.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ] as const) {
        const res = await client.upload(name, data, { contentType: 'application/pdf' });
        expect(res.status, name).toBe(415);
        expect(res.body).toEqual(UNSUPPORTED);
      }
    });
  });

  it('refuses a file whose extension disguises its content, naming both', async () => {
    await expectNothingStored(async () => {
      const png = await client.upload('report.pdf', PNG);
      expect(png.status).toBe(415);
      expect(png.body.title).toBe('Unsupported File Type');
      expect(png.body.message).toContain('.pdf');
      expect(png.body.message).toContain('PNG');
      const pdf = await client.upload('photo.jpg', PDF);
      expect(pdf.status).toBe(415);
      expect(pdf.body).toEqual({
        title: 'Unsupported File Type',
        message: 'The file name ends in .jpg, but the file is a PDF document. Rename it or choose another file.',
      });
    });
  });

  it('refuses an empty file, a form without the file field, and a body that is not multipart', async () => {
    await expectNothingStored(async () => {
      const empty = await client.upload('empty.pdf', Buffer.alloc(0));
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ title: 'Upload Failed', message: 'The file is empty.' });

      const otherField = multipartBody([{ name: 'document', filename: 'scan.pdf', contentType: 'application/pdf', data: PDF }]);
      const noField = await client.post('/api/files', otherField.body, { headers: { 'content-type': otherField.contentType } });
      expect(noField.status).toBe(400);
      expect(noField.body).toEqual({ title: 'Upload Failed', message: 'Choose a file to upload (a form field named "file").' });

      const textField = multipartBody([{ name: 'file', data: '%PDF-1.4 not a file part' }]);
      const notAFile = await client.post('/api/files', textField.body, { headers: { 'content-type': textField.contentType } });
      expect(notAFile.status).toBe(400);
      expect(notAFile.body.title).toBe('Upload Failed');

      const json = await client.post('/api/files', { file: PDF.toString('base64') });
      expect(json.status).toBe(415);
      expect(json.body.title).toBe('Unsupported Media Type');
      const raw = await client.post('/api/files', PDF, { headers: { 'content-type': 'application/pdf' } });
      expect(raw.status).toBe(415);

      const broken = await client.post('/api/files', Buffer.from('--nope\r\ngarbage'), { headers: { 'content-type': 'multipart/form-data; boundary=other' } });
      expect(broken.status).toBe(400);
      expect(broken.body.title).toBe('Upload Failed');
    });
  });

  it('refuses a file over the default 10 MB limit with File Too Large', async () => {
    await expectNothingStored(async () => {
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length)]);
      const res = await client.upload('big.pdf', big);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ title: 'File Too Large', message: 'The file is larger than 10 MB. Choose a smaller file.' });
    });
  });

  it('answers 413 to a declared size over the limit before the body is sent, and closes the connection', async () => {
    await expectNothingStored(async () => {
      const socket = connect(server.port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // Headers that promise 50 MB, and only the first bytes of the body: the rest is never sent.
      socket.write(
        [
          'POST /api/files HTTP/1.1',
          `Host: 127.0.0.1:${server.port}`,
          'Content-Type: multipart/form-data; boundary=raahi',
          `Content-Length: ${50 * 1024 * 1024}`,
          `Cookie: raahi_session=${client.cookie}`,
          `X-CSRF-Token: ${client.csrfToken}`,
          '',
          '--raahi\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.4',
        ].join('\r\n'),
      );
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the server waited for the body')), 5_000));
      await Promise.race([closed, timeout]);
      const answer = Buffer.concat(received).toString('utf8');
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        title: 'File Too Large',
        message: 'The file is larger than 10 MB. Choose a smaller file.',
      });
    });
  });

  it('needs a session for uploads and downloads, and the CSRF token for uploads', async () => {
    const stored = await upload('private.pdf', PDF);
    await expectNothingStored(async () => {
      const anonymousUpload = await server.client().upload('a.pdf', PDF);
      expect(anonymousUpload.status).toBe(401);
      const noToken = await client.upload('a.pdf', PDF, { noCsrf: true });
      expect(noToken.status).toBe(403);
      expect(noToken.body.title).toBe('Forbidden');
      const wrongToken = await client.upload('a.pdf', PDF, { headers: { 'x-csrf-token': 'not-the-token' } });
      expect(wrongToken.status).toBe(403);
      const crossSite = await client.upload('a.pdf', PDF, { headers: { origin: 'https://evil.example' } });
      expect(crossSite.status).toBe(403);
    });

    const anonymous = await server.client().get(`/api/files/${stored.id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.title).toBe('Not Signed In');
    expect(anonymous.bytes.includes(Buffer.from('%PDF'))).toBe(false);

    const signedOut = await server.signedIn();
    expect((await signedOut.post('/api/auth/logout')).status).toBeLessThan(300);
    expect((await signedOut.get(`/api/files/${stored.id}`)).status).toBe(401);
  });

  it('answers 404 for unknown and malformed file ids', async () => {
    for (const id of ['FILAAAAAAAAAAAAAAAA', 'FILzzzzzzzzzzzz', 'nope', 'FIL', '..%2F..%2Fetc%2Fpasswd', 'FIL%00AAAAAAAAAAAA', 'x'.repeat(300)]) {
      const res = await client.get(`/api/files/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual(FILE_MISSING);
    }
  });
});

describe('a small upload limit', () => {
  let smallClient: TestClient;
  beforeAll(async () => {
    // Another listener on the same database and data directory, configured with a 1 KB limit.
    smallClient = await (await server.listen({ uploadMaxBytes: 1024 })).signedIn();
  });

  it('accepts a file of exactly the limit and refuses one byte more, or far more', async () => {
    const rows = await server.count('files');
    const stored = (await filesUnder(server.dataDir)).length;
    const exact = Buffer.concat([PDF.subarray(0, 100), Buffer.alloc(1024 - 100)]);
    const ok = await smallClient.upload('exact.pdf', exact);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.size).toBe(1024);
    for (const size of [1025, 5 * 1024 * 1024]) {
      const res = await smallClient.upload('over.pdf', Buffer.concat([PDF.subarray(0, 100), Buffer.alloc(size - 100)]));
      expect(res.status, String(size)).toBe(413);
      expect(res.body).toEqual({ title: 'File Too Large', message: 'The file is larger than 1 KB. Choose a smaller file.' });
    }
    expect(await server.count('files')).toBe(rows + 1);
    expect(await filesUnder(server.dataDir)).toHaveLength(stored + 1);
  });
});

describe('names and storage', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\system.ini.pdf', 'system.ini.pdf'],
    ['C:\\x\\y.pdf', 'y.pdf'],
    ['/var/tmp/abs.pdf', 'abs.pdf'],
    ['sub/dir/../file.pdf', 'file.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['bell\u0007and\u0001del\u007f.pdf', 'bellanddel.pdf'],
    ['tab\there.pdf', 'tabhere.pdf'],
    // Browsers send a newline in a name as %0A; the server decodes and then drops it.
    ['line%0Abreak%0D.pdf', 'linebreak.pdf'],
    // A right-to-left override would show 'report\u202Eexe.pdf' as 'reportfdp.exe'.
    ['report\u202Eexe.pdf', 'reportexe.pdf'],
    ['\u2066scan\u2069\u200F.pdf', 'scan.pdf'],
    ['\u200B\u200B', 'file'],
  ])('keeps only the base name of %j', async (sent, kept) => {
    const stored = await upload(sent, PDF);
    expect(stored.name).toBe(kept);
    const download = await client.get(`/api/files/${stored.id}`);
    expect(utf8FileName(download.headers.get('content-disposition'))).toBe(kept);
    // eslint-disable-next-line no-control-regex
    expect(download.headers.get('content-disposition')).not.toMatch(/[\x00-\x1f\x7f]/);
  });

  it('keeps every stored file under the data directory’s files/ folder, under a random key that never carries the name', async () => {
    const names = ['../../etc/passwd.pdf', '../outside.pdf', 'C:\\x\\y.pdf', '/tmp/absolute.pdf', 'files/../../escape.pdf'];
    for (const name of names) await upload(name, PDF);

    const rows = await server.database.query<{ id: string; storage_key: string; original_name: string }>('SELECT id, storage_key, original_name FROM files');
    const onDisk = await filesUnder(server.dataDir);
    // One file per stored row, all of them files/<two characters>/<key>: nothing anywhere else.
    expect(onDisk).toHaveLength(rows.length);
    for (const path of onDisk) expect(path).toMatch(new RegExp(`^files\\${sep}[A-Za-z0-9_-]{2}\\${sep}[A-Za-z0-9_-]{32}$`));
    for (const row of rows) {
      expect(row.storage_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const path = join('files', row.storage_key.slice(0, 2), row.storage_key);
      expect(onDisk).toContain(path);
      // (A stem of six or more characters turning up in 32 random ones by chance is a one in millions event.)
      const stem = row.original_name.replace(/\.[^.]*$/, '');
      const key = row.storage_key.toLowerCase();
      expect(key).not.toContain(row.original_name.toLowerCase());
      if (stem.length >= 6) expect(key).not.toContain(stem.toLowerCase());
      // Nothing was written to the project's own data folder.
      expect(existsSync(join(resolve('data'), 'files', row.storage_key.slice(0, 2), row.storage_key))).toBe(false);
    }
    expect(await readFile(join(server.dataDir, onDisk[0]))).toBeInstanceOf(Buffer);
    // And nothing landed where the path tricks pointed.
    for (const path of [
      join(server.dataDir, 'etc', 'passwd.pdf'),
      join(server.dataDir, 'outside.pdf'),
      join(server.dataDir, 'escape.pdf'),
      join(tmpdir(), 'absolute.pdf'),
      '/etc/passwd.pdf',
    ]) {
      expect(existsSync(path), path).toBe(false);
    }
  });

  it('stores the exact bytes on disk', async () => {
    const stored = await upload('exact.webp', WEBP);
    const [row] = await server.database.query<{ storage_key: string; size_bytes: string | number; sha256: string }>(
      'SELECT storage_key, size_bytes, sha256 FROM files WHERE id = $1',
      [stored.id],
    );
    const bytes = await readFile(join(server.dataDir, 'files', row.storage_key.slice(0, 2), row.storage_key));
    expect(bytes.equals(WEBP)).toBe(true);
    expect(Number(row.size_bytes)).toBe(WEBP.length);
  });
});

describe('records that name files', () => {
  it('returns the file’s name with a driver whose Aadhaar card is an uploaded file', async () => {
    const file = await upload('आधार कार्ड.pdf', PDF);
    const res = await client.post('/api/drivers', driverBody({ aadharCardFile: file.id }));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ aadharCardFile: file.id, aadharCardFileName: 'आधार कार्ड.pdf' });
    expect((await client.get(`/api/drivers/${res.body.id}`)).body).toMatchObject({ aadharCardFile: file.id, aadharCardFileName: 'आधार कार्ड.pdf' });
    const list = await client.get(`/api/drivers?q=${encodeURIComponent(res.body.id)}`);
    expect(list.body.items).toEqual([expect.objectContaining({ aadharCardFileName: 'आधार कार्ड.pdf' })]);

    // Removing the file from the record leaves no name behind.
    const cleared = await client.put(`/api/drivers/${res.body.id}`, driverBody({ aadharCardFile: null, version: 1 }));
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ aadharCardFile: null, aadharCardFileName: null });
  });

  it('returns the names of training certificates and health report files', async () => {
    const driver = (await client.post('/api/drivers', driverBody())).body;
    const certificate = await upload('certificate.png', PNG);
    const report = await upload('report.jpg', JPEG);
    const training = await client.post('/api/driver-training', trainingBody(driver.id, { certificationFile: certificate.id }));
    expect(training.status, training.text).toBe(201);
    expect(training.body).toMatchObject({ certificationFile: certificate.id, certificationFileName: 'certificate.png' });
    const health = await client.post('/api/driver-health', healthBody(driver.id, { reportFile: report.id }));
    expect(health.status, health.text).toBe(201);
    expect(health.body).toMatchObject({ reportFile: report.id, reportFileName: 'report.jpg' });
  });

  it('refuses a file id that does not exist with Linked Record Missing, and a malformed one with 400; nothing is written', async () => {
    const drivers = await server.count('drivers');
    const missing = await client.post('/api/drivers', driverBody({ aadharCardFile: 'FILAAAAAAAAAAAAAAAA' }));
    expect(missing.status).toBe(409);
    expect(missing.body).toEqual({
      title: 'Linked Record Missing',
      message: 'The selected file (FILAAAAAAAAAAAAAAAA) does not exist. It may have been deleted; choose another.',
    });
    for (const bad of ['passport.pdf', '../../etc/passwd', 'FIL', 42, '']) {
      const res = await client.post('/api/drivers', driverBody({ aadharCardFile: bad }));
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.title).toBe('Invalid Request');
      expect(res.body.message).toContain('Aadhar Card');
    }
    expect(await server.count('drivers')).toBe(drivers);

    const driver = (await client.post('/api/drivers', driverBody())).body;
    const update = await client.put(`/api/drivers/${driver.id}`, driverBody({ aadharCardFile: 'FILBBBBBBBBBBBBBBBB', version: 1 }));
    expect(update.status).toBe(409);
    expect(update.body.title).toBe('Linked Record Missing');
    expect((await client.get(`/api/drivers/${driver.id}`)).body).toMatchObject({ version: 1, aadharCardFile: null });
  });
});

describe('personal data in logs', () => {
  // Another listener on the same database, with the request log on.
  let logged: TestListener;
  beforeAll(async () => {
    logged = await server.listen({ logRequests: true });
  });

  it('never writes an Aadhaar file’s name or a driver’s details to the log', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    };
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(capture));
    const secrets = {
      fileName: 'Aadhaar Sunita Deshpande 4821 7730 5519.pdf',
      name: 'Sunita Deshpande',
      license: 'MH1420190077123',
      contact: '+91 99876 54321',
      email: 'sunita.deshpande@example.in',
      address: '44 Karve Nagar, Pune 411052',
    };
    try {
      const c = await logged.signedIn();
      const file = await upload(secrets.fileName, PDF, c);
      const download = await c.get(`/api/files/${file.id}`);
      expect(download.status).toBe(200);
      const { fileName: _fileName, ...details } = secrets;
      const driver = await c.post('/api/drivers', driverBody({ ...details, aadharCardFile: file.id }));
      expect(driver.status, driver.text).toBe(201);
      expect((await c.get(`/api/drivers/${driver.body.id}`)).status).toBe(200);
      expect((await c.get(`/api/drivers/total?q=${encodeURIComponent(secrets.name)}`)).body.total).toBe(1);
      const edit = await c.put(
        `/api/drivers/${driver.body.id}`,
        driverBody({ ...details, aadharCardFile: file.id, address: '45 Karve Nagar, Pune', version: 1 }),
      );
      expect(edit.status).toBe(200);
      // Refused requests too.
      expect((await c.upload(secrets.fileName.replace('.pdf', '.png'), PDF)).status).toBe(415);
      expect((await c.post('/api/drivers', driverBody({ ...details, email: '' }))).status).toBe(422);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const output = lines.join('\n');
    // The log is on, and it saw these requests...
    expect(output).toContain('POST /api/files 201');
    expect(output).toContain('POST /api/drivers 201');
    expect(output).toMatch(/GET \/api\/files\/FIL\S+ 200/);
    // ...but none of the personal data.
    for (const secret of [...Object.values(secrets), 'Aadhaar', 'Sunita', 'Deshpande', '4821', 'Karve', '45 Karve', 'example.in']) {
      expect(output, secret).not.toContain(secret);
    }
  });

  it('keeps a driver’s details and a file’s name out of the log even when the database fails unexpectedly', async () => {
    const lines: string[] = [];
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
      }),
    );
    try {
      const c = await logged.signedIn();
      // A failure no answer foresees (here a trigger the API does not know raising an error): an unhandled error, a 500.
      // (A table check the rules miss is a 422 since issue 19: a trigger's error is what nothing foresees.)
      await server.database.exec(`CREATE FUNCTION test_always_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test_always_fails'; END $$;
        CREATE TRIGGER test_always_fails BEFORE INSERT ON drivers FOR EACH ROW EXECUTE FUNCTION test_always_fails();
        CREATE TRIGGER test_always_fails BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION test_always_fails()`);
      const stored = await filesUnder(server.dataDir);
      const driver = await c.post(
        '/api/drivers',
        driverBody({ name: 'Farida Khanum', license: 'UP3220170011223', contact: '+91 90050 77889', email: 'farida.k@example.in' }),
      );
      expect(driver.status).toBe(500);
      expect(driver.body).toEqual({ title: 'Server Error', message: 'Something went wrong on the server. Please try again.' });
      const file = await c.upload('Aadhaar Farida Khanum.pdf', PDF);
      expect(file.status).toBe(500);
      // Bytes that no row names are not left behind.
      expect(await filesUnder(server.dataDir)).toEqual(stored);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await server.database.exec(
        'DROP TRIGGER IF EXISTS test_always_fails ON drivers; DROP TRIGGER IF EXISTS test_always_fails ON files; DROP FUNCTION IF EXISTS test_always_fails()',
      );
    }
    const output = lines.join('\n');
    // The failures are logged, for whoever runs the server to see...
    expect(output).toContain('Unhandled error on POST /api/drivers');
    expect(output).toContain('test_always_fails');
    // ...without what was being saved.
    for (const secret of ['Farida', 'Khanum', 'UP3220170011223', '90050', 'farida.k@example.in', 'Aadhaar']) expect(output, secret).not.toContain(secret);
  });
});
