import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { type AnyField } from '@raahi/domain';
import { exampleBody, linkedRecords } from '../testing/area-examples';
import type { Links } from '../testing/declared-body';
import { schemaProblems } from '../testing/json-schema';
import { startTestServer, type TestClient, type TestServer } from '../testing/test-server';
import { resources } from '.';

/**
 * The API contract every declared area keeps, run from its declaration alone: create and read back, update
 * with its version and refuse a stale one, delete, refuse unknown fields, wrong types, oversized text and
 * blank required fields with nothing written, list, search by id, filter, sort, count and export.
 * An area's own tests cover only what is its own.
 */
const declared = resources.filter((r) => 'fields' in r.area);

let server: TestServer;
let client: TestClient;
let links: Links = {};

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  links = await linkedRecords(client);
});
afterAll(() => server?.close());

describe.each(declared.map((r) => [r.area.key, r] as const))('%s', (key, resource) => {
  const path = `/api/${key}`;
  const fields = (resource.area as unknown as { fields: Record<string, AnyField> }).fields;
  const body = (overrides: Record<string, unknown> = {}) => exampleBody(resource, links, overrides);
  const table = getTableName(resource.table);
  const nothingWritten = async (action: () => Promise<void>) => {
    const before = await server.snapshot(table);
    await action();
    expect(await server.snapshot(table)).toEqual(before);
  };
  const { prefix } = resource.area.idFormat;

  it('creates a record with its id format and version 1, reads it back, lists it first, counts and exports it', async () => {
    const sent = body();
    const res = await client.post(path, sent);
    expect(res.status, res.text).toBe(201);
    expect(res.body.id).toMatch(new RegExp(`^${prefix}\\d+[A-Z0-9]+$`));
    expect(res.body.version).toBe(1);
    const prepared = resource.area.prepare ? resource.area.prepare(sent) : sent;
    for (const name of Object.keys(fields)) expect(res.body[name], name).toEqual(prepared[name] === '' && fields[name].blank === null ? null : prepared[name]);
    expect((await client.get(`${path}/${res.body.id}`)).body).toEqual(res.body);
    // Newest first: the record just made heads the list.
    expect((await client.get(path)).body.items[0].id).toBe(res.body.id);
    expect((await client.get(`${path}/total`)).body.total).toBeGreaterThanOrEqual(1);
    const csv = await client.get(`${path}/export`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n').length).toBeGreaterThanOrEqual(2);
  });

  it('returns records of the types its OpenAPI document gives them (links and files filled), and documents its export', async () => {
    const doc = (await client.get('/api/openapi.json')).body;
    // A file belongs to one record: each record here gets an upload of its own.
    const file = (await client.upload('scan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' })).body.id;
    const withFiles = Object.fromEntries(
      Object.entries(fields).flatMap(([name, f]): [string, unknown][] => (f.kind === 'file' ? [[name, file]] : f.kind === 'files' ? [[name, [file]]] : [])),
    );
    const created = await client.post(path, body(withFiles));
    expect(created.status, created.text).toBe(201);
    const record = doc.paths[`${path}/{id}`].get.responses['200'].content['application/json'].schema;
    expect(schemaProblems(created.body, record)).toEqual([]);
    expect(schemaProblems((await client.get(path)).body, doc.paths[path].get.responses['200'].content['application/json'].schema)).toEqual([]);
    // Every computed value is filled here, so its item types are held to the document too.
    for (const [name, f] of Object.entries(fields)) {
      if (f.kind === 'files') expect(created.body[`${name}Files`], name).toEqual([{ id: file, name: 'scan.pdf' }]);
      if (f.kind === 'references') expect(created.body[`${name}Labels`], name).toEqual([{ id: links[f.area], label: expect.any(String) }]);
    }
    const exported = doc.paths[`${path}/export`]?.get;
    expect(Object.keys(exported?.responses['200'].content ?? {})).toEqual(['text/csv']);
    const parameters = (exported.parameters as { name: string; in: string }[]).map((p) => `${p.in} ${p.name}`).sort();
    const listed = (doc.paths[path].get.parameters as { name: string; in: string }[])
      .map((p) => `${p.in} ${p.name}`)
      .filter((p) => p !== 'query page' && p !== 'query pageSize');
    expect(parameters).toEqual([...listed, 'query tz'].sort());
  });

  it('updates with the version read, refuses a stale one, deletes, then answers 404', async () => {
    const created = (await client.post(path, body())).body;
    const updated = await client.put(`${path}/${created.id}`, { ...body(), version: 1 });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.version).toBe(2);
    const stale = await client.put(`${path}/${created.id}`, { ...body(), version: 1 });
    expect(stale.status).toBe(409);
    expect((await client.del(`${path}/${created.id}`)).status).toBe(204);
    expect((await client.get(`${path}/${created.id}`)).status).toBe(404);
  });

  it('refuses an unknown field, a wrong type for each field and oversized text, writing nothing', async () => {
    await nothingWritten(async () => {
      expect((await client.post(path, body({ surprise: 1 }))).status).toBe(400);
      for (const [name, field] of Object.entries(fields)) {
        const wrong =
          field.kind === 'text' || field.kind === 'choice' || field.kind === 'reference' || field.kind === 'entity'
            ? 42
            : field.kind === 'choices' || field.kind === 'files'
              ? 'x'
              : 'not-this';
        const res = await client.post(path, body({ [name]: wrong }));
        expect(res.status, `${name}: ${res.text}`).toBe(400);
        expect(res.body.message).toContain(field.label);
        if (field.kind === 'text' || field.kind === 'entity')
          expect((await client.post(path, body({ [name]: 'x'.repeat(field.max + 1) }))).status, name).toBe(400);
      }
    });
  });

  it('refuses each blank required field with the rule of the specification (422)', async () => {
    const required = Object.entries(fields).filter(([, f]) => f.required);
    await nothingWritten(async () => {
      for (const [name, field] of required) {
        const res = await client.post(path, body({ [name]: field.blank }));
        expect(res.status, `${name}: ${res.text}`).toBe(422);
        expect(res.body.title).toBeTruthy();
      }
    });
  });

  it('lists with every filter value, every sort in both orders (derived states too), counts and exports', async () => {
    for (const [filter, values] of Object.entries(resource.area.filters)) {
      for (const value of values.length ? values : ['anything']) {
        const res = await client.get(`${path}?${filter}=${encodeURIComponent(value)}`);
        expect(res.status, `${filter}=${value}: ${res.text}`).toBe(200);
        expect((await client.get(`${path}/total?${filter}=${encodeURIComponent(value)}`)).status).toBe(200);
      }
    }
    for (const sort of resource.area.sorts) {
      for (const order of ['asc', 'desc']) expect((await client.get(`${path}?sort=${sort}&order=${order}`)).status, `${sort} ${order}`).toBe(200);
      expect((await client.get(`${path}/export?sort=${sort}&order=desc`)).status, `export by ${sort}`).toBe(200);
    }
  });
});
