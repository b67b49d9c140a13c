import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentsArea, quotationsArea } from '@raahi/domain';
import { declaredBody } from '../testing/declared-body';
import { driverBody, startTestServer, type TestClient, type TestServer } from '../testing/test-server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const GONE = { title: 'Not Found', message: 'This file does not exist. It may have been removed.' };
const elsewhere = (id: string) => ({ title: 'Invalid File', message: `The file ${id} belongs to another record. Upload the file again to attach it here.` });
const notYours = (id: string) => ({
  title: 'Invalid File',
  message: `The file ${id} was uploaded by another user. Upload the file yourself to attach it here.`,
});

let server: TestServer;
let admin: TestClient;
let other: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  await server.createUser({ username: 'meera', password: 'meera-password-1' });
  other = server.client();
  expect((await other.login('meera', 'meera-password-1')).status).toBe(200);
});
afterAll(() => server?.close());

async function upload(c: TestClient, name = 'aadhaar.pdf', data = PDF) {
  const res = await c.upload(name, data);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function storedBytes(): Promise<string[]> {
  const dir = join(server.dataDir, 'files');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

async function storageKeyOf(id: string): Promise<string> {
  const [row] = await server.database.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [id]);
  return join(row.storage_key.slice(0, 2), row.storage_key);
}

const license = () => `MH12${Math.random().toString().slice(2, 13)}`;
async function createDriver(c: TestClient, aadharCardFile: string | null) {
  const res = await c.post('/api/drivers', driverBody({ license: license(), aadharCardFile }));
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; version: number };
}
const quotation = (attachments: string[]) => declaredBody(quotationsArea.fields, {}, { attachments });
const incident = (images: string[]) => declaredBody(incidentsArea.fields, {}, { location: 'NH 48, Khalapur', description: 'Rear bumper scraped', images });

describe('who may attach a file, and to what', () => {
  it('refuses a file uploaded by another user, and writes nothing', async () => {
    const theirs = await upload(other);
    const drivers = await server.count('drivers');
    const res = await admin.post('/api/drivers', driverBody({ license: license(), aadharCardFile: theirs }));
    expect([res.status, res.body]).toEqual([422, notYours(theirs)]);
    const quote = await admin.post('/api/sales-quotations', quotation([theirs]));
    expect([quote.status, quote.body]).toEqual([422, notYours(theirs)]);
    expect(await server.count('drivers')).toBe(drivers);
    // The uploader still may.
    await createDriver(other, theirs);
  });

  it("refuses a driver's Aadhaar card on a quotation or on another driver; the driver keeps it", async () => {
    const card = await upload(admin);
    const driver = await createDriver(admin, card);
    const quotations = await server.count('sales_quotations');
    const quote = await admin.post('/api/sales-quotations', quotation([card]));
    expect([quote.status, quote.body]).toEqual([422, elsewhere(card)]);
    expect(await server.count('sales_quotations')).toBe(quotations);

    const second = await createDriver(admin, null);
    const moved = await admin.put(`/api/drivers/${second.id}`, driverBody({ license: license(), aadharCardFile: card, version: 1 }));
    expect([moved.status, moved.body]).toEqual([422, elsewhere(card)]);
    expect((await admin.get(`/api/drivers/${second.id}`)).body).toMatchObject({ version: 1, aadharCardFile: null });
    expect((await admin.get(`/api/drivers/${driver.id}`)).body).toMatchObject({ version: 1, aadharCardFile: card });
    expect((await admin.get(`/api/files/${card}`)).status).toBe(200);
  });

  it('lets anyone re-save a record with its file kept', async () => {
    const card = await upload(admin);
    const driver = await createDriver(admin, card);
    const res = await other.put(`/api/drivers/${driver.id}`, driverBody({ license: license(), address: 'Changed by Meera', aadharCardFile: card, version: 1 }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ version: 2, aadharCardFile: card, aadharCardFileName: 'aadhaar.pdf' });
    // And adds a file of their own beside the kept ones of a list.
    const front = await upload(admin, 'front.jpg', JPEG);
    const saved = (await admin.post('/api/incidents', incident([front]))).body;
    const side = await upload(other, 'side.jpg', JPEG);
    const both = await other.put(`/api/incidents/${saved.id}`, { ...incident([front, side]), version: 1 });
    expect(both.status, both.text).toBe(200);
    expect(both.body.imagesFiles.map((f: { name: string }) => f.name)).toEqual(['front.jpg', 'side.jpg']);
  });

  it('gives a fresh file to exactly one of two records created at once', async () => {
    const card = await upload(admin);
    const drivers = await server.count('drivers');
    const answers = await Promise.all([0, 1].map(() => admin.post('/api/drivers', driverBody({ license: license(), aadharCardFile: card }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body).toEqual(elsewhere(card));
    expect(await server.count('drivers')).toBe(drivers + 1);
    const [named] = await server.database.query<{ count: number }>('SELECT count(*)::int AS count FROM drivers WHERE aadhar_card_file = $1', [card]);
    expect(named.count).toBe(1);
  });
});

describe('a record’s files go with it', () => {
  it("deletes a driver's Aadhaar card with the driver: the file answers 404 and its bytes are gone", async () => {
    const card = await upload(admin);
    const key = await storageKeyOf(card);
    const driver = await createDriver(admin, card);
    expect(await storedBytes()).toContain(key);
    expect((await admin.del(`/api/drivers/${driver.id}`)).status).toBe(204);
    const res = await admin.get(`/api/files/${card}`);
    expect([res.status, res.body]).toEqual([404, GONE]);
    expect(await storedBytes()).not.toContain(key);
  });

  it('deletes a replaced or removed file, and keeps the one that stays', async () => {
    const first = await upload(admin, 'first.pdf');
    const second = await upload(admin, 'second.pdf');
    const driver = await createDriver(admin, first);
    const firstKey = await storageKeyOf(first);
    const replaced = await admin.put(`/api/drivers/${driver.id}`, driverBody({ license: license(), aadharCardFile: second, version: 1 }));
    expect(replaced.status, replaced.text).toBe(200);
    expect((await admin.get(`/api/files/${first}`)).status).toBe(404);
    expect(await storedBytes()).not.toContain(firstKey);
    expect((await admin.get(`/api/files/${second}`)).status).toBe(200);

    const secondKey = await storageKeyOf(second);
    const removed = await admin.put(`/api/drivers/${driver.id}`, driverBody({ license: license(), aadharCardFile: null, version: 2 }));
    expect(removed.status, removed.text).toBe(200);
    expect((await admin.get(`/api/files/${second}`)).status).toBe(404);
    expect(await storedBytes()).not.toContain(secondKey);

    // One photo dropped from a list goes; the others stay, and all go with the incident.
    const photos = [await upload(admin, 'a.jpg', JPEG), await upload(admin, 'b.jpg', JPEG), await upload(admin, 'c.jpg', JPEG)];
    const saved = (await admin.post('/api/incidents', incident(photos))).body;
    expect((await admin.put(`/api/incidents/${saved.id}`, { ...incident([photos[0], photos[2]]), version: 1 })).status).toBe(200);
    expect((await Promise.all(photos.map((id) => admin.get(`/api/files/${id}`)))).map((r) => r.status)).toEqual([200, 404, 200]);
    expect((await admin.del(`/api/incidents/${saved.id}`)).status).toBe(204);
    expect((await Promise.all(photos.map((id) => admin.get(`/api/files/${id}`)))).map((r) => r.status)).toEqual([404, 404, 404]);
  });

  it('changes no file when a save is refused (a stale version)', async () => {
    const first = await upload(admin, 'first.pdf');
    const second = await upload(admin, 'second.pdf');
    const driver = await createDriver(admin, first);
    const stale = await admin.put(`/api/drivers/${driver.id}`, driverBody({ license: license(), aadharCardFile: second, version: 7 }));
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/files/${first}`)).status).toBe(200);
    // The second file is still an unattached upload: its uploader can attach it elsewhere.
    await createDriver(admin, second);
  });

  it('never empties a record’s file field by deleting the file behind it', async () => {
    const card = await upload(admin);
    const driver = await createDriver(admin, card);
    await expect(server.database.query('DELETE FROM files WHERE id = $1', [card])).rejects.toThrow(/foreign key/);
    expect((await admin.get(`/api/drivers/${driver.id}`)).body).toMatchObject({ version: 1, aadharCardFile: card });
  });
});
