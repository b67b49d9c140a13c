import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelStationInvoicesArea, partnerFuelStationsArea, refuelingLogsArea, todayIn, todayIso, type RefuelingLogInput } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const STATIONS = '/api/partner-fuel-stations';
const LOGS = '/api/refueling-logs';
const INVOICES = '/api/fuel-station-invoices';
const STATION_MISSING = { title: 'Missing Fields', message: 'Station Name, Address, Phone, and Email are required.' };
const CONTRACT = { title: 'Invalid Contract Dates', message: 'Contract Start Date cannot be after End Date.' };
const CREDIT = { title: 'Invalid Credit Limit', message: 'Credit Limit cannot be negative.' };
const LOCATION = { title: 'Invalid Location', message: 'GPS Location must be latitude,longitude in degrees, e.g. 19.0771,72.9986.' };
const LOG_MISSING = { title: 'Missing Fields', message: 'Vehicle, Station, Fuel Type, Quantity, Rate, and Timestamp are required.' };
const VALUES = { title: 'Invalid Values', message: 'Quantity and Rate must be greater than zero.' };
const INVOICE_MISSING = { title: 'Missing Fields', message: 'Station, Amount, and Date Range are required.' };
const RANGE = { title: 'Invalid Date Range', message: 'Start date cannot be after end date.' };
const PAID = { title: 'Invalid Paid Amount', message: "Paid Amount must be less than Total Amount for 'Partially Paid'. Use 'Paid' status instead." };

let server: TestServer;
let client: TestClient;
let vehicle: Json;
let driver: Json;
let station: Json;
const kit = (path: string, tables: string[]) => areaTestKit({ path, tables, reach: () => ({ server, client }) });
const stationsKit = kit(STATIONS, ['partner_fuel_stations']);
const logsKit = kit(LOGS, ['refueling_logs']);
const invoicesKit = kit(INVOICES, ['fuel_station_invoices']);
const { create, createVehicle, createDriver } = stationsKit;

const stationBody = (overrides: Record<string, unknown> = {}) =>
  declaredBody(
    partnerFuelStationsArea.fields,
    {},
    {
      stationName: 'IOCL COCO Vashi',
      address: 'Sector 17, Vashi, Navi Mumbai',
      phone: '+91 98200 11223',
      email: 'vashi@iocl-partner.in',
      gpsLocation: '19.0771,72.9986',
      ...overrides,
    },
  );
const logBody = (overrides: Record<string, unknown> = {}) =>
  declaredBody(
    refuelingLogsArea.fields,
    { vehicles: vehicle.id, drivers: driver.id, 'partner-fuel-stations': station.id },
    { quantity: 120.5, rate: 90.455, timestamp: '2026-03-14T08:30:00.000Z', ...overrides },
  );
const invoiceBody = (overrides: Record<string, unknown> = {}) =>
  declaredBody(
    fuelStationInvoicesArea.fields,
    { 'partner-fuel-stations': station.id },
    { amount: 125000, dateRangeStart: '2026-02-01', dateRangeEnd: '2026-02-28', ...overrides },
  );

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicle = await createVehicle({ make: 'Tata', model: 'Signa 4825.TK', licensePlate: 'MH43BX2211' });
  driver = await createDriver({ name: 'Ramesh Yadav' });
  station = await create(STATIONS, stationBody());
});
afterAll(() => server?.close());

describe('partner fuel stations', () => {
  it('saves a station with the defaults of a new one and its id format', async () => {
    const saved = await create(STATIONS, {
      ...stationBody({ gpsLocation: ' 19.0771 , 72.9986 ' }),
      ...Object.fromEntries(
        ['status', 'paymentMode', 'creditLimit', 'fuelTypes', 'pricingStructure', 'settlementCycle', 'partnerSince'].map((k) => [
          k,
          partnerFuelStationsArea.defaults()[k as 'status'],
        ]),
      ),
    });
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^FS\d{5}[A-Z0-9]{3}$/),
      status: 'Active',
      paymentMode: 'Postpaid',
      creditLimit: 0,
      fuelTypes: ['Diesel'],
      pricingStructure: 'Standard rates apply.',
      settlementCycle: 'Monthly',
      partnerSince: todayIso(),
      gpsLocation: '19.0771,72.9986',
    });
  });

  it.each([
    [{ stationName: '' }, STATION_MISSING],
    [{ address: '' }, STATION_MISSING],
    [{ phone: '' }, STATION_MISSING],
    [{ email: '' }, STATION_MISSING],
    [{ contractStartDate: '2026-04-02', contractEndDate: '2026-04-01' }, CONTRACT],
    [{ creditLimit: -0.01 }, CREDIT],
    [{ gpsLocation: '19.0771' }, LOCATION],
    [{ gpsLocation: '91,72.9' }, LOCATION],
    [{ gpsLocation: '19.07,181' }, LOCATION],
    [{ gpsLocation: 'Vashi toll plaza' }, LOCATION],
  ])('refuses %j with its text (422, nothing written)', async (overrides, failure) => {
    await stationsKit.expectNothingWritten(async () => {
      const res = await client.post(STATIONS, stationBody(overrides));
      expect([res.status, res.body]).toEqual([422, failure]);
    });
  });

  it('takes a contract starting and ending the same day, no contract dates, a credit limit of zero and no location', async () => {
    for (const overrides of [
      { contractStartDate: '2026-04-01', contractEndDate: '2026-04-01' },
      { contractStartDate: '2026-04-01', contractEndDate: null },
      { contractStartDate: null, contractEndDate: null, creditLimit: 0, gpsLocation: '' },
      { gpsLocation: '-90,-180' },
    ]) {
      expect((await client.post(STATIONS, stationBody(overrides))).status, JSON.stringify(overrides)).toBe(201);
    }
  });

  it('refuses a fuel type outside the list, a fuel type twice and a fraction of a paisa (400)', async () => {
    await stationsKit.expectNothingWritten(async () => {
      for (const overrides of [{ fuelTypes: ['LPG'] }, { fuelTypes: ['Diesel', 'Diesel'] }, { creditLimit: 100.005 }, { status: 'Closed' }]) {
        expect((await client.post(STATIONS, stationBody(overrides))).status, JSON.stringify(overrides)).toBe(400);
      }
    });
  });

  it('searches name, address and contact person; filters Active and Inactive', async () => {
    const a = await create(
      STATIONS,
      stationBody({ stationName: 'BPCL Searchable Wardha Road', address: 'NH44, Jamtha, Nagpur', contactPerson: 'Anil Deshmukh' }),
    );
    const b = await create(
      STATIONS,
      stationBody({ stationName: 'HPCL Searchable Khopoli', address: 'NH48, Khalapur', contactPerson: 'Kavita Jadhav', status: 'Inactive' }),
    );
    for (const [term, ids] of [
      ['searchable', [a.id, b.id]],
      ['jamtha', [a.id]],
      ['KAVITA JAD', [b.id]],
      [a.id.toLowerCase(), [a.id]],
    ] as const) {
      expect(await stationsKit.search(q(term)), term).toEqual(sorted(...ids));
    }
    expect(await stationsKit.search(`${q('searchable')}&status=Inactive`)).toEqual([b.id]);
    expect(await stationsKit.search(`${q('searchable')}&status=Active`)).toEqual([a.id]);
  });
});

describe('refuelling logs', () => {
  it.each([
    [10.55, 1.001, 10.56],
    [33.33, 3.333, 111.09],
    [0.01, 0.001, 0],
    [120.5, 90.455, 10899.83],
  ])('stores total cost %s × %s as %s, whatever total is sent', async (quantity, rate, total) => {
    const saved = await create(LOGS, logBody({ quantity, rate, totalCost: 1 }));
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^RFL\d{5}[A-Z0-9]{3}$/),
      quantity,
      rate,
      totalCost: total,
      fuelType: 'Diesel',
      refuelMethod: 'Card',
    });
    expect(saved).toMatchObject({
      vehicleLabel: expect.stringContaining('MH43BX2211'),
      driverLabel: expect.stringContaining('Ramesh Yadav'),
      stationLabel: 'IOCL COCO Vashi',
    });
  });

  it('keeps the total blank while quantity or rate is missing (and refuses such a log)', async () => {
    expect(refuelingLogsArea.prepare!(logBody({ quantity: null, totalCost: 50 }) as RefuelingLogInput).totalCost).toBeNull();
    expect(refuelingLogsArea.prepare!(logBody({ rate: null, totalCost: 50 }) as RefuelingLogInput).totalCost).toBeNull();
    await logsKit.expectNothingWritten(async () => {
      for (const overrides of [{ quantity: null }, { rate: null }]) expect((await client.post(LOGS, logBody(overrides))).body).toEqual(LOG_MISSING);
    });
  });

  it.each([
    [{ vehicleId: '' }, LOG_MISSING],
    [{ stationId: '' }, LOG_MISSING],
    [{ fuelType: '' }, LOG_MISSING],
    [{ timestamp: null }, LOG_MISSING],
    [{ quantity: 0 }, VALUES],
    [{ rate: 0 }, VALUES],
    [{ quantity: -1 }, VALUES],
    [{ rate: -0.001 }, VALUES],
  ])('refuses %j with its text (422, nothing written)', async (overrides, failure) => {
    await logsKit.expectNothingWritten(async () => {
      const res = await client.post(LOGS, logBody(overrides));
      expect([res.status, res.body]).toEqual([422, failure]);
    });
  });

  it('keeps the driver and odometer optional, and refuses an odometer with a fraction or a missing station (400, 409)', async () => {
    const saved = await create(LOGS, logBody({ driverId: null, odometer: null }));
    expect(saved).toMatchObject({ driverId: null, driverLabel: null, odometer: null });
    expect((await create(LOGS, logBody({ odometer: 184250 }))).odometer).toBe(184250);
    await logsKit.expectNothingWritten(async () => {
      expect((await client.post(LOGS, logBody({ odometer: 12.5 }))).status).toBe(400);
      expect((await client.post(LOGS, logBody({ fuelType: 'LPG' }))).status).toBe(400);
      const res = await client.post(LOGS, logBody({ stationId: 'FS00000ZZZ' }));
      expect([res.status, res.body.title]).toEqual([409, 'Linked Record Missing']);
    });
  });

  it('lists newest refuelling first, by timestamp', async () => {
    const s = await create(STATIONS, stationBody({ stationName: 'Orderly Fuels Panvel' }));
    const older = await create(LOGS, logBody({ stationId: s.id, timestamp: '2026-01-01T04:00:00.000Z' }));
    const newer = await create(LOGS, logBody({ stationId: s.id, timestamp: '2026-01-02T04:00:00.000Z' }));
    const oldest = await create(LOGS, logBody({ stationId: s.id, timestamp: '2025-12-31T04:00:00.000Z' }));
    const listed = (await client.get(`${LOGS}?${q('orderly fuels')}`)).body.items.map((r: Json) => r.id);
    expect(listed).toEqual([newer.id, older.id, oldest.id]);
  });

  it('searches the vehicle, the station and the fuel type, and re-indexes a renamed vehicle or station', async () => {
    const v = await createVehicle({ make: 'Eicher', model: 'Pro 3015', licensePlate: 'GJ01LQ7001' });
    const s = await create(STATIONS, stationBody({ stationName: 'Nayara Kheda Bypass' }));
    const log = await create(LOGS, logBody({ vehicleId: v.id, stationId: s.id, fuelType: 'Biofuel' }));
    for (const term of ['gj01lq7001', 'eicher pro', 'nayara kheda', log.id.toLowerCase()]) expect(await logsKit.search(q(term)), term).toEqual([log.id]);
    expect(await logsKit.search(`${q('biofuel')}`)).toContain(log.id);
    expect((await client.put(`/api/vehicles/${v.id}`, vehicleBody({ make: 'Eicher', model: 'Pro 3015', licensePlate: 'GJ01LQ7999', version: 1 }))).status).toBe(
      200,
    );
    expect((await client.put(`${STATIONS}/${s.id}`, stationBody({ stationName: 'Nayara Anand Bypass', version: 1 }))).status).toBe(200);
    expect(await logsKit.search(q('gj01lq7999'))).toEqual([log.id]);
    expect(await logsKit.search(q('nayara anand'))).toEqual([log.id]);
    expect(await logsKit.search(q('nayara kheda'))).toEqual([]);
    expect((await client.get(`${LOGS}/${log.id}`)).body.stationLabel).toBe('Nayara Anand Bypass');
  });

  it('refuses to delete a vehicle, driver or station a log uses', async () => {
    const v = await createVehicle({ licensePlate: 'RJ14GA0101' });
    const d = await createDriver({ name: 'Mahendra Meena' });
    const s = await create(STATIONS, stationBody({ stationName: 'IOCL Shahpura NH48' }));
    const log = await create(LOGS, logBody({ vehicleId: v.id, driverId: d.id, stationId: s.id }));
    for (const [path, noun] of [
      [`/api/vehicles/${v.id}`, 'vehicle'],
      [`/api/drivers/${d.id}`, 'driver'],
      [`${STATIONS}/${s.id}`, 'station'],
    ]) {
      const res = await client.del(path);
      expect([res.status, res.body], path).toEqual([
        409,
        { title: 'Delete Failed', message: `This ${noun} cannot be deleted because 1 refueling log uses it.` },
      ]);
    }
    expect((await client.del(`${LOGS}/${log.id}`)).status).toBe(204);
    expect((await client.del(`${STATIONS}/${s.id}`)).status).toBe(204);
  });
});

describe('fuel station invoices', () => {
  it('saves a Pending invoice with no payment fields, whatever was sent', async () => {
    const saved = await create(INVOICES, invoiceBody({ paidAmount: 100, balanceAmount: 5, paidOn: '2026-03-01' }));
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^FSINV\d{5}[A-Z0-9]{3}$/),
      paymentStatus: 'Pending',
      generatedOn: todayIso(),
      paidAmount: null,
      balanceAmount: null,
      paidOn: null,
      stationLabel: 'IOCL COCO Vashi',
    });
    // Back to Pending from Paid clears the payment.
    const paid = await create(INVOICES, invoiceBody({ paymentStatus: 'Paid', paidOn: '2026-03-05' }));
    const pending = await client.put(`${INVOICES}/${paid.id}`, invoiceBody({ paymentStatus: 'Pending', paidOn: '2026-03-05', paidAmount: 125000, version: 1 }));
    expect(pending.body).toMatchObject({ paymentStatus: 'Pending', paidOn: null, paidAmount: null, balanceAmount: null });
  });

  it('Paid: paid amount = amount, balance 0.00, Paid On today when blank, a given date kept', async () => {
    const today = await create(INVOICES, invoiceBody({ amount: 98765.43, paymentStatus: 'Paid', paidAmount: 1, balanceAmount: 7, paidOn: null }));
    // Today in India, whatever zone the server runs in.
    expect(today).toMatchObject({ paidAmount: 98765.43, balanceAmount: 0, paidOn: todayIn('Asia/Kolkata') });
    const given = await create(INVOICES, invoiceBody({ paymentStatus: 'Paid', paidOn: '2026-03-10' }));
    expect(given).toMatchObject({ paidAmount: 125000, balanceAmount: 0, paidOn: '2026-03-10' });
  });

  it('Partially Paid: balance = amount − paid, the paid amount up to amount − 0.01', async () => {
    const edge = await create(INVOICES, invoiceBody({ amount: 1000, paymentStatus: 'Partially Paid', paidAmount: 999.99, balanceAmount: 500, paidOn: null }));
    expect(edge).toMatchObject({ paidAmount: 999.99, balanceAmount: 0.01, paidOn: null });
    const least = await create(INVOICES, invoiceBody({ amount: 1000.1, paymentStatus: 'Partially Paid', paidAmount: 0.01, paidOn: '2026-03-02' }));
    expect(least).toMatchObject({ paidAmount: 0.01, balanceAmount: 1000.09, paidOn: '2026-03-02' });
  });

  it.each([
    [{ stationId: '' }, INVOICE_MISSING],
    [{ amount: null }, INVOICE_MISSING],
    [{ dateRangeStart: null }, INVOICE_MISSING],
    [{ dateRangeEnd: null }, INVOICE_MISSING],
    [{ amount: 0 }, { title: 'Invalid Amount', message: 'Amount must be greater than zero.' }],
    [{ amount: -10 }, { title: 'Invalid Amount', message: 'Amount must be greater than zero.' }],
    [{ dateRangeStart: '2026-03-01', dateRangeEnd: '2026-02-28' }, RANGE],
    [{ paymentStatus: 'Partially Paid', paidAmount: 1000 }, PAID],
    [{ paymentStatus: 'Partially Paid', paidAmount: 1000.01 }, PAID],
    [{ paymentStatus: 'Partially Paid', paidAmount: 0 }, PAID],
    [{ paymentStatus: 'Partially Paid', paidAmount: null }, PAID],
  ])('refuses %j with its text (422, nothing written)', async (overrides, failure) => {
    await invoicesKit.expectNothingWritten(async () => {
      const res = await client.post(INVOICES, invoiceBody({ amount: 1000, ...overrides }));
      expect([res.status, res.body]).toEqual([422, failure]);
    });
  });

  it('takes a one-day date range', async () => {
    expect((await client.post(INVOICES, invoiceBody({ dateRangeStart: '2026-02-28', dateRangeEnd: '2026-02-28' }))).status).toBe(201);
  });

  it('lists newest generated first; searches the station name, the payment status and id; refuses to delete a station an invoice uses', async () => {
    const s = await create(STATIONS, stationBody({ stationName: 'BPCL Ghoti Igatpuri' }));
    const jan = await create(INVOICES, invoiceBody({ stationId: s.id, generatedOn: '2026-01-05', paymentStatus: 'Disputed' }));
    const feb = await create(INVOICES, invoiceBody({ stationId: s.id, generatedOn: '2026-02-05' }));
    expect((await client.get(`${INVOICES}?${q('ghoti igat')}`)).body.items.map((r: Json) => r.id)).toEqual([feb.id, jan.id]);
    expect(await invoicesKit.search(`${q('disputed')}`)).toContain(jan.id);
    expect(await invoicesKit.search(`${q('disputed')}`)).not.toContain(feb.id);
    expect(await invoicesKit.search(q(feb.id.toLowerCase()))).toEqual([feb.id]);
    const res = await client.del(`${STATIONS}/${s.id}`);
    expect([res.status, res.body]).toEqual([409, { title: 'Delete Failed', message: 'This station cannot be deleted because 2 invoices use it.' }]);
    expect((await client.put(`${STATIONS}/${s.id}`, stationBody({ stationName: 'BPCL Kasara Ghat', version: 1 }))).status).toBe(200);
    expect(await invoicesKit.search(q('kasara ghat'))).toEqual(sorted(jan.id, feb.id));
  });
});

describe('partner fuel stations: values as stored', () => {
  const invalid = (message: string) => ({ title: 'Invalid Request', message });
  const refused = async (k: typeof stationsKit, path: string, body: Record<string, unknown>, message: string) =>
    k.expectNothingWritten(async () => {
      const res = await client.post(path, body);
      expect([res.status, res.body], JSON.stringify(body)).toEqual([400, invalid(message)]);
    });

  it('refuses a credit limit finer than a paisa, and control characters in a station name', async () => {
    await refused(stationsKit, STATIONS, stationBody({ creditLimit: 1e-9 }), 'Credit Limit (₹) must have at most 2 decimals (paise).');
    await refused(stationsKit, STATIONS, stationBody({ stationName: 'IOCL\u0000Vashi' }), 'Station Name must not contain control characters.');
    await refused(stationsKit, STATIONS, stationBody({ stationName: 'IOCL\tVashi' }), 'Station Name must not contain control characters.');
    expect((await create(STATIONS, stationBody({ creditLimit: 500000.5, pricingStructure: 'Pump price\nless ₹0.50/L' }))).pricingStructure).toBe(
      'Pump price\nless ₹0.50/L',
    );
  });

  it('refuses a log quantity of 1e-9 (it would pass "greater than zero" and cost ₹0.00) and a rate of 0.0001', async () => {
    await refused(logsKit, LOGS, logBody({ quantity: 1e-9 }), 'Quantity must have at most 2 decimals.');
    await refused(logsKit, LOGS, logBody({ rate: 0.0001 }), 'Rate (₹) must have at most 3 decimals.');
    expect(await create(LOGS, logBody({ quantity: 0.01, rate: 90.455 }))).toMatchObject({ quantity: 0.01, rate: 90.455, totalCost: 0.9 });
  });

  it('refuses invoice amounts finer than a paisa', async () => {
    await refused(invoicesKit, INVOICES, invoiceBody({ amount: 1e-9 }), 'Amount (₹) must have at most 2 decimals (paise).');
    await refused(
      invoicesKit,
      INVOICES,
      invoiceBody({ amount: 100, paymentStatus: 'Partially Paid', paidAmount: 99.999999999 }),
      'Paid Amount (₹) must have at most 2 decimals (paise).',
    );
  });
});
