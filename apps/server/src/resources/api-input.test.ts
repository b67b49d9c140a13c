import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type AnyField } from '@raahi/domain';
import { exampleBody, linkedRecords } from '../testing/area-examples';
import type { Links } from '../testing/declared-body';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { resources } from '.';

/**
 * The API takes what integrators send (decision 0066), for every declared area from its declaration alone: an
 * optional field left out takes its default and null leaves it blank; a required one must be there and is named
 * by its label when it is not; a choice outside its options names them; no message is a library's default; an
 * unknown field is still refused. PATCH lays the fields sent over the record as stored and is judged as a PUT.
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

const defaultOf = (f: AnyField): unknown => (typeof f.default === 'function' ? f.default() : (f.default ?? f.blank));
/** Words of a library, not of a person: zod's defaults, and "must be text" for a value that is not there. */
const LIBRARY_WORDS = /Invalid input|Invalid option|expected|received|Too small|Too big/;
const without = (body: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== name));

describe.each(declared.map((r) => [r.area.key, r] as const))('%s', (key, resource) => {
  const path = `/api/${key}`;
  const { area } = resource;
  const fields = Object.entries((area as unknown as { fields: Record<string, AnyField> }).fields);
  const body = (overrides: Record<string, unknown> = {}) => exampleBody(resource, links, overrides);
  const optional = fields.filter(([, f]) => !f.required);
  const required = fields.filter(([, f]) => f.required);
  /** What null stands for in an optional field: its blank, or its default where it cannot be blank. */
  const noneOf = (name: string, f: AnyField) => ((area.input.shape[name] as z.ZodType).safeParse(f.blank).success ? f.blank : defaultOf(f));

  it('takes an optional field left out as its default, and null as blank, on create', async () => {
    let created = 0;
    for (const [name, f] of optional) {
      for (const [sent, same] of [
        [without(body(), name), body({ [name]: defaultOf(f) })],
        [body({ [name]: null }), body({ [name]: noneOf(name, f) })],
      ]) {
        const [res, explicit] = [await client.post(path, sent), await client.post(path, same)];
        expect(res.status, `${name}: ${res.text}`).toBe(explicit.status);
        expect(res.status, `${name}: ${res.text}`).not.toBe(400);
        if (res.status === 201) {
          expect(res.body[name], name).toEqual(explicit.body[name]);
          created++;
        } else expect(res.body, name).toEqual(explicit.body);
      }
    }
    if (optional.length > 0) expect(created).toBeGreaterThan(0);
  });

  it('takes a body of its required fields alone', async () => {
    const full = body();
    const sent = Object.fromEntries(required.map(([name]) => [name, full[name]]));
    const res = await client.post(path, sent);
    // The rules still judge it: a rule that needs an optional field answers in the specification's words.
    expect([201, 422], res.text).toContain(res.status);
    if (res.status !== 201) return;
    const stored = { ...area.defaults(), ...sent };
    const expected = area.prepare ? area.prepare(stored) : stored;
    for (const [name, f] of optional) expect(res.body[name], name).toEqual(expected[name] === '' && f.blank === null ? null : expected[name]);
  });

  it('refuses a required field left out or null, naming it by its label', async () => {
    for (const [name, f] of required) {
      const missing = await client.post(path, without(body(), name));
      expect(missing.status, name).toBe(400);
      expect(missing.body.message).toBe(`${f.label} is required.`);
      const nulled = await client.post(path, body({ [name]: null }));
      // A field whose blank is null (a year, a date) is blank: the required rule answers in the specification's words.
      if (f.blank === null) expect(nulled.status, `${name}: ${nulled.text}`).toBe(422);
      else expect(nulled.body, name).toEqual({ title: 'Invalid Request', message: `${f.label} is required.` });
    }
  });

  it('names the options of a choice outside them', async () => {
    for (const [name, f] of fields) {
      if (!(f.kind === 'choice' && !f.open) && f.kind !== 'choices') continue;
      const res = await client.post(path, body({ [name]: f.kind === 'choices' ? ['Not An Option'] : 'Not An Option' }));
      expect(res.body, name).toEqual({ title: 'Invalid Request', message: `${f.label} must be one of ${f.options.join(', ')}.` });
    }
  });

  it('answers every wrong value in words naming the field, never a library default', async () => {
    for (const [name, f] of fields) {
      for (const wrong of [42, 'not-this', true, { $ne: '' }, [1], -1e300]) {
        const res = await client.post(path, body({ [name]: wrong }));
        // A value of the field's kind, judged after its shape: taken, refused by a rule (422) or naming no record (409).
        if (res.status !== 400) {
          expect([201, 409, 422], `${name} = ${JSON.stringify(wrong)}: ${res.text}`).toContain(res.status);
          continue;
        }
        expect(res.body.message, name).toContain(f.label);
        expect(res.body.message, name).not.toMatch(LIBRARY_WORDS);
      }
    }
  });

  it('still refuses an unknown field, on create, update and patch', async () => {
    const unknown = { title: 'Invalid Request', message: 'Unknown field: surprise.' };
    expect((await client.post(path, body({ surprise: 1 }))).body).toEqual(unknown);
    const created = (await client.post(path, body())).body;
    expect((await client.put(`${path}/${created.id}`, body({ surprise: 1, version: 1 }))).body).toEqual(unknown);
    expect((await client.patch(`${path}/${created.id}`, { surprise: 1, version: 1 })).body).toEqual(unknown);
  });

  it('PATCH changes only the fields sent, as a PUT would: version, change entry, stale refused', async () => {
    const created = (await client.post(path, body())).body;
    // A free text: a long one (notes, a description) where the area has one.
    const [name] = fields.find(([, f]) => f.kind === 'text' && f.multiline) ?? fields.find(([, f]) => f.kind === 'text' && !f.format)!;
    const patched = await client.patch(`${path}/${created.id}`, { version: 1, [name]: 'Changed by PATCH' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toEqual({ ...created, [name]: 'Changed by PATCH', version: 2, updatedAt: patched.body.updatedAt });
    expect((await client.get(`${path}/${created.id}`)).body).toEqual(patched.body);
    const history = (await client.get(`${path}/${created.id}/history`)).body.items;
    expect(history[0]).toMatchObject({ operation: 'update', changes: [{ field: name, before: created[name], after: 'Changed by PATCH' }] });
    // Stale, without a version, or of no record: refused as a PUT is.
    const stale = await client.patch(`${path}/${created.id}`, { version: 1, [name]: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.body.title).toBe('Update Conflict');
    expect((await client.patch(`${path}/${created.id}`, { [name]: 'Again' })).body).toEqual({ title: 'Invalid Request', message: 'Version is required.' });
    expect((await client.patch(`${path}/${created.id}`, [])).body).toEqual({ title: 'Invalid Request', message: 'The request body must be a JSON object.' });
    expect((await client.patch(`${path}/${resource.area.idFormat.prefix}0000AA`, { version: 1 })).status).toBe(404);
    expect((await client.get(`${path}/${created.id}`)).body.version).toBe(2);
    // A required field emptied by a PATCH is refused as it would be by a PUT.
    const [requiredName, requiredField] = required[0] ?? [];
    if (requiredName) {
      const emptied = await client.patch(`${path}/${created.id}`, { version: 2, [requiredName]: requiredField.blank });
      expect(emptied.status, emptied.text).toBe(422);
    }
  });
});

describe('vehicles, as an integrator sends them', () => {
  it('creates a vehicle from make, model, year, VIN and plate alone, with the defaults of the form', async () => {
    const { make, model, year, vin, licensePlate } = vehicleBody();
    const res = await client.post('/api/vehicles', { make, model, year, vin, licensePlate });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ make, model, year, vin, licensePlate, type: 'Truck', status: 'Active', currentMileage: 0, purchaseDate: null });
    const nulls = await client.post('/api/vehicles', vehicleBody({ type: null, status: null, currentMileage: null, purchaseDate: null }));
    expect(nulls.status, nulls.text).toBe(201);
    expect(nulls.body).toMatchObject({ type: 'Truck', status: 'Active', currentMileage: null, purchaseDate: null });
  });

  it('a PUT leaving out an optional field gives it its default; a PATCH keeps it', async () => {
    const created = (await client.post('/api/vehicles', vehicleBody({ status: 'In Maintenance', currentMileage: 5000 }))).body;
    const patched = await client.patch(`/api/vehicles/${created.id}`, { version: 1, licensePlate: 'MH12PA0001' });
    expect(patched.body).toMatchObject({ licensePlate: 'MH12PA0001', status: 'In Maintenance', currentMileage: 5000, version: 2 });
    const { make, model, year, vin } = created;
    const put = await client.put(`/api/vehicles/${created.id}`, { make, model, year, vin, licensePlate: 'MH12PA0001', version: 2 });
    expect(put.body).toMatchObject({ status: 'Active', currentMileage: 0, version: 3 });
  });

  it('answers a missing vehicle and a fuel type outside its options in words', async () => {
    const trip = await client.post('/api/trips', {
      ...exampleBody(
        resources.find((r) => r.area.key === 'trips')!,
        links,
      ),
      vehicleId: null,
    });
    expect(trip.body).toEqual({ title: 'Invalid Request', message: 'Vehicle is required.' });
    const expense = await client.post('/api/fuel-expenses', { type: 'Fuel', date: '2026-11-20', fuelType: 'Kerosene', quantity: 10, pricePerUnit: 90 });
    expect(expense.body).toEqual({ title: 'Invalid Request', message: 'Fuel Type must be one of Diesel, Petrol, CNG, Electric.' });
    const fuel = await client.post('/api/fuel-expenses', { type: 'Fuel', date: '2026-11-20', quantity: 10, pricePerUnit: 90.5 });
    expect(fuel.status, fuel.text).toBe(201);
    expect(fuel.body).toMatchObject({ fuelType: 'Diesel', amount: 905, vehicleId: null, vendor: '' });
  });
});

describe('the OpenAPI document', () => {
  const requestSchema = (
    doc: { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>> },
    path: string,
    method: string,
  ) => doc.paths[path][method].requestBody.content['application/json'].schema as { required?: string[]; properties: Record<string, unknown> };

  it('says which fields a request body requires: the declared required fields, and the version to update', async () => {
    const doc = (await client.get('/api/openapi.json')).body;
    const post = requestSchema(doc, '/api/vehicles', 'post');
    expect([...(post.required ?? [])].sort()).toEqual(['licensePlate', 'make', 'model', 'vin', 'year']);
    expect(Object.keys(post.properties)).toContain('purchaseDate');
    // A fixed default is documented: what a field left out becomes.
    expect(post.properties.status).toMatchObject({ default: 'Active' });
    expect([...(requestSchema(doc, '/api/vehicles/{id}', 'put').required ?? [])].sort()).toEqual(['licensePlate', 'make', 'model', 'version', 'vin', 'year']);
    expect(requestSchema(doc, '/api/vehicles/{id}', 'patch').required).toEqual(['version']);
    expect([...(requestSchema(doc, '/api/fuel-expenses', 'post').required ?? [])].sort()).toEqual(['date', 'type']);
    for (const resource of declared) {
      const declaredRequired = Object.entries((resource.area as unknown as { fields: Record<string, AnyField> }).fields)
        .filter(([, f]) => f.required)
        .map(([name]) => name);
      expect([...(requestSchema(doc, `/api/${resource.area.key}`, 'post').required ?? [])].sort(), resource.area.key).toEqual(declaredRequired.sort());
    }
  });
});
