import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadsArea, ordersArea, quotationsArea } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, type Json, type TestClient, type TestServer } from '../testing/test-server';

const LEADS = '/api/sales-leads';
const QUOTATIONS = '/api/sales-quotations';
const ORDERS = '/api/sales-orders';
const LEAD_MISSING = { title: 'Missing Fields', message: 'Company Name, Contact Person, and Contact Info are required.' };
const PRICING = { title: 'Missing Fields', message: 'Customer Name, Valid Until, and at least one pricing field (Per KM or Flat Rate) are required.' };
const ORDER_MISSING = { title: 'Missing Fields', message: 'Customer Name, Date, and Final Amount are required.' };
const FINAL_POSITIVE = { title: 'Invalid Amount', message: 'Final Amount must be greater than zero.' };
const PAID_POSITIVE = { title: 'Invalid Amount', message: 'Paid Amount must be greater than zero for partially paid status.' };
const PAID_BELOW_FINAL = {
  title: 'Invalid Amount',
  message: "Paid Amount cannot be equal or greater than Final Amount for 'Partially Paid'. Use 'Paid' status instead.",
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let server: TestServer;
let client: TestClient;
let vehicle: Json;
const kit = areaTestKit({ path: ORDERS, tables: ['sales_leads', 'sales_quotations', 'sales_orders'], reach: () => ({ server, client }) });
const { create, createVehicle, expectNothingWritten } = kit;
const searchIn = (path: string, query: string) => areaTestKit({ path, tables: [], reach: () => ({ server, client }) }).search(query);

const leadBody = (o: Record<string, unknown> = {}) =>
  declaredBody(leadsArea.fields, {}, { companyName: 'Tata Steel Ltd.', contactPerson: 'Anil Deshmukh', contactInfo: '+91 98200 12345', ...o });
const quotationBody = (o: Record<string, unknown> = {}) =>
  declaredBody(quotationsArea.fields, {}, { customerName: 'Asian Paints Ltd.', pricingPerKm: null, flatRate: 85000, ...o });
const orderBody = (o: Record<string, unknown> = {}) => declaredBody(ordersArea.fields, {}, { customerName: 'Reliance Retail Ltd.', finalAmount: 10000, ...o });
const lead = (o: Record<string, unknown> = {}) => create(LEADS, leadBody(o));
const quotation = (o: Record<string, unknown> = {}) => create(QUOTATIONS, quotationBody(o));
const order = (o: Record<string, unknown> = {}) => create(ORDERS, orderBody(o));
const refused = async (path: string, body: Record<string, unknown>, failure: object, status = 422) =>
  expectNothingWritten(async () => {
    const res = await client.post(path, body);
    expect([res.status, res.body]).toEqual([status, failure]);
  });

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicle = await createVehicle({ make: 'Tata', model: 'Signa 4825.TK', licensePlate: 'MH12SO4825' });
});
afterAll(() => server?.close());

describe('leads', () => {
  it('stores the defaults (Website, New) with a LEAD id', async () => {
    const saved = await lead({
      ...leadsArea.defaults(),
      companyName: 'Tata Steel Ltd.',
      contactPerson: 'Anil Deshmukh',
      contactInfo: 'anil@tatasteel.example.in',
    });
    expect(saved).toMatchObject({ id: expect.stringMatching(/^LEAD\d{5}[A-Z0-9]{3}$/), leadSource: 'Website', status: 'New', assignedTo: '' });
  });

  it.each(['companyName', 'contactPerson', 'contactInfo'])('refuses a blank %s with Missing Fields', async (name) => {
    await refused(LEADS, leadBody({ [name]: '  ' }), LEAD_MISSING);
  });

  it('searches company or contact person; filters by status and by the assignees present', async () => {
    const a = await lead({ companyName: 'Zenith Quarkmetal Pvt Ltd', contactPerson: 'Meera Iyer', assignedTo: 'Rohit Quarkman', status: 'Qualified' });
    const b = await lead({ companyName: 'Quarkmetal Logistics', contactPerson: 'Sunil Rao', assignedTo: 'Kavya Quarkson', status: 'Won' });
    expect(await searchIn(LEADS, q('QUARKMETAL'))).toEqual(sorted(a.id, b.id));
    expect(await searchIn(LEADS, q('meera iy'))).toEqual([a.id]);
    expect(await searchIn(LEADS, `${q('quarkmetal')}&status=Won`)).toEqual([b.id]);
    expect(await searchIn(LEADS, `${q('quarkmetal')}&assignedTo=${encodeURIComponent('Rohit Quarkman')}`)).toEqual([a.id]);
    const values = (await client.get(`${LEADS}/values/assignedTo`)).body.values;
    expect(values).toEqual(expect.arrayContaining(['Kavya Quarkson', 'Rohit Quarkman']));
    expect(values).not.toContain('');
  });
});

describe('quotations', () => {
  it('stores the specified defaults and names its lead by company', async () => {
    const l = await lead({ companyName: 'Asian Paints Ltd.' });
    const saved = await create(
      QUOTATIONS,
      declaredBody(quotationsArea.fields, { 'sales-leads': l.id }, { customerName: 'Asian Paints Ltd.', pricingPerKm: 45, flatRate: null }),
    );
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^QTN\d{5}[A-Z0-9]{3}$/),
      leadId: l.id,
      leadLabel: 'Asian Paints Ltd.',
      vehicleType: 'Standard Truck',
      tax: 5,
      discount: 0,
      termsAndConditions: 'Standard terms apply',
      status: 'Draft',
      pricingPerKm: 45,
      flatRate: null,
      attachments: [],
      attachmentsFiles: [],
    });
  });

  it('needs at least one pricing field: per km alone and flat rate alone are enough, neither is refused', async () => {
    expect((await quotation({ pricingPerKm: 42.5, flatRate: null })).pricingPerKm).toBe(42.5);
    expect((await quotation({ pricingPerKm: null, flatRate: 0.01 })).flatRate).toBe(0.01);
    await refused(QUOTATIONS, quotationBody({ pricingPerKm: null, flatRate: null }), PRICING);
    await refused(QUOTATIONS, quotationBody({ customerName: '' }), PRICING);
    await refused(QUOTATIONS, quotationBody({ validUntil: null }), PRICING);
  });

  it('bounds tax and discount to 0–100% and refuses negative prices', async () => {
    expect((await quotation({ tax: 100, discount: 0 })).tax).toBe(100);
    await refused(QUOTATIONS, quotationBody({ tax: 100.1 }), { title: 'Invalid Percentage', message: 'Tax must be between 0 and 100%.' });
    await refused(QUOTATIONS, quotationBody({ discount: -0.1 }), { title: 'Invalid Percentage', message: 'Discount must be between 0 and 100%.' });
    await refused(QUOTATIONS, quotationBody({ flatRate: -1 }), { title: 'Invalid Amount', message: 'Pricing per KM and Flat Rate cannot be negative.' });
  });

  it('keeps several attachments in order; refuses one that was never uploaded', async () => {
    const upload = async (name: string) => {
      const res = await client.upload(name, PDF);
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; name: string };
    };
    const [rates, terms] = [await upload('rate-card.pdf'), await upload('terms.pdf')];
    const saved = await quotation({ attachments: [rates.id, terms.id] });
    expect(saved.attachmentsFiles).toEqual([rates, terms].map(({ id, name }) => ({ id, name })));
    await expectNothingWritten(async () => {
      const res = await client.post(QUOTATIONS, quotationBody({ attachments: ['FILneveruploaded00'] }));
      expect([res.status, res.body.title]).toEqual([409, 'Linked Record Missing']);
    });
  });

  it('searches customer or id, filters by status; a lead a quotation names cannot be deleted', async () => {
    const l = await lead({ companyName: 'Hindalco Industries' });
    const saved = await quotation({ leadId: l.id, customerName: 'Hindalco Xylofoil', status: 'Sent' });
    expect(await searchIn(QUOTATIONS, q('xylofoil'))).toEqual([saved.id]);
    expect(await searchIn(QUOTATIONS, q(saved.id.toLowerCase()))).toEqual([saved.id]);
    expect(await searchIn(QUOTATIONS, `${q('xylofoil')}&status=Approved`)).toEqual([]);
    const res = await client.del(`${LEADS}/${l.id}`);
    expect([res.status, res.body]).toEqual([409, { title: 'Delete Failed', message: 'This lead cannot be deleted because 1 quotation uses it.' }]);
  });
});

describe('sales orders', () => {
  it('stores the specified defaults; Pending clears paid and balance whatever is sent', async () => {
    const saved = await order({ paidAmount: 500, balanceAmount: 500 });
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^SO\d{5}[A-Z0-9]{3}$/),
      deliveryTerms: 'FOB Origin',
      status: 'New',
      paymentStatus: 'Pending',
      paidAmount: null,
      balanceAmount: null,
      assignedVehicles: [],
      assignedVehiclesLabels: [],
    });
  });

  it('Partially Paid: balance = final − paid at its edge (0.01); paid equal to final or 0 is refused', async () => {
    const saved = await order({ finalAmount: 10300, paymentStatus: 'Partially Paid', paidAmount: 10299.99, balanceAmount: 5 });
    expect([saved.paidAmount, saved.balanceAmount]).toEqual([10299.99, 0.01]);
    await refused(ORDERS, orderBody({ finalAmount: 10300, paymentStatus: 'Partially Paid', paidAmount: 10300 }), PAID_BELOW_FINAL);
    await refused(ORDERS, orderBody({ finalAmount: 10300, paymentStatus: 'Partially Paid', paidAmount: 10300.01 }), PAID_BELOW_FINAL);
    await refused(ORDERS, orderBody({ paymentStatus: 'Partially Paid', paidAmount: 0 }), PAID_POSITIVE);
    await refused(ORDERS, orderBody({ paymentStatus: 'Partially Paid', paidAmount: null }), PAID_POSITIVE);
  });

  it('Paid sets paid = final and balance 0.00, whatever is sent', async () => {
    const saved = await order({ finalAmount: 89250, paymentStatus: 'Paid', paidAmount: 1, balanceAmount: 1 });
    expect([saved.paidAmount, saved.balanceAmount]).toEqual([89250, 0]);
  });

  it('refuses a blank customer, date or final amount, and a final amount of 0 or less', async () => {
    for (const blank of [{ customerName: '' }, { date: null }, { finalAmount: null }]) await refused(ORDERS, orderBody(blank), ORDER_MISSING);
    await refused(ORDERS, orderBody({ finalAmount: 0 }), FINAL_POSITIVE);
    await refused(ORDERS, orderBody({ finalAmount: -0.01 }), FINAL_POSITIVE);
    expect((await order({ finalAmount: 0.01 })).finalAmount).toBe(0.01);
  });

  it('links a quotation (which then cannot be deleted) and lists vehicles as ids with their labels', async () => {
    const other = await createVehicle({ make: 'Ashok Leyland', model: 'AVTR 4220', licensePlate: 'TN01SO4220' });
    const quote = await quotation({ customerName: 'Reliance Retail Ltd.', status: 'Approved' });
    const saved = await order({ quotationId: quote.id, assignedVehicles: [other.id, vehicle.id] });
    expect(saved).toMatchObject({
      quotationLabel: `${quote.id} — Reliance Retail Ltd.`,
      assignedVehicles: [other.id, vehicle.id],
      assignedVehiclesLabels: [
        { id: other.id, label: 'Ashok Leyland AVTR 4220 (TN01SO4220)' },
        { id: vehicle.id, label: 'Tata Signa 4825.TK (MH12SO4825)' },
      ],
    });
    const byQuote = await client.del(`${QUOTATIONS}/${quote.id}`);
    expect([byQuote.status, byQuote.body]).toEqual([
      409,
      { title: 'Delete Failed', message: 'This quotation cannot be deleted because 1 sales order uses it.' },
    ]);
    const byVehicle = await client.del(`/api/vehicles/${other.id}`);
    expect([byVehicle.status, byVehicle.body]).toEqual([
      409,
      { title: 'Delete Failed', message: 'This vehicle cannot be deleted because 1 sales order uses it.' },
    ]);
    // Once the order no longer lists it, the vehicle can go.
    expect((await client.put(`${ORDERS}/${saved.id}`, orderBody({ quotationId: quote.id, assignedVehicles: [vehicle.id], version: 1 }))).status).toBe(200);
    expect((await client.del(`/api/vehicles/${other.id}`)).status).toBe(204);
  });

  it('links only an Approved quotation; an order keeps its quotation after that changes status', async () => {
    const draft = await quotation({ customerName: 'Godrej Consumer Products', status: 'Draft' });
    await expectNothingWritten(async () => {
      const res = await client.post(ORDERS, orderBody({ quotationId: draft.id }));
      expect([res.status, res.body]).toEqual([
        422,
        { title: 'Invalid Link', message: `Only quotations whose Status is Approved can be linked: ${draft.id} is Draft.` },
      ]);
    });
    const approved = await quotation({ customerName: 'Godrej Consumer Products', status: 'Approved' });
    const saved = await order({ quotationId: approved.id });
    // The quotation is later rejected: the order still saves with it, but cannot switch to the draft.
    expect(
      (await client.put(`${QUOTATIONS}/${approved.id}`, quotationBody({ customerName: 'Godrej Consumer Products', status: 'Rejected', version: 1 }))).status,
    ).toBe(200);
    const kept = await client.put(`${ORDERS}/${saved.id}`, orderBody({ quotationId: approved.id, deliveryTerms: 'Door Delivery', version: 1 }));
    expect([kept.status, kept.body.deliveryTerms]).toEqual([200, 'Door Delivery']);
    const switched = await client.put(`${ORDERS}/${saved.id}`, orderBody({ quotationId: draft.id, version: 2 }));
    expect([switched.status, switched.body.title]).toEqual([422, 'Invalid Link']);
  });

  it('refuses a missing vehicle in the list, writing nothing', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(ORDERS, orderBody({ assignedVehicles: [vehicle.id, 'VEH0000ZZZ'] }));
      expect([res.status, res.body.title]).toEqual([409, 'Linked Record Missing']);
      expect((await client.post(ORDERS, orderBody({ assignedVehicles: 'VEH1,VEH2' }))).status).toBe(400);
    });
  });

  it('searches customer or id and filters by order status', async () => {
    const saved = await order({ customerName: 'Mahindra Quillon Logistics', status: 'Dispatched' });
    expect(await searchIn(ORDERS, q('quillon'))).toEqual([saved.id]);
    expect(await searchIn(ORDERS, q(saved.id))).toEqual([saved.id]);
    expect(await searchIn(ORDERS, `${q('quillon')}&status=Dispatched`)).toEqual([saved.id]);
    expect(await searchIn(ORDERS, `${q('quillon')}&status=New`)).toEqual([]);
  });
});

describe('sales: values as stored', () => {
  const invalid = (message: string) => ({ title: 'Invalid Request', message });

  it('refuses a Partially Paid order paying 99.999999999 of 100 (stored, it would be paid in full yet Partially Paid)', async () => {
    await refused(
      ORDERS,
      orderBody({ finalAmount: 100, paymentStatus: 'Partially Paid', paidAmount: 99.999999999 }),
      invalid('Paid Amount must have at most 2 decimals (paise).'),
      400,
    );
    await refused(ORDERS, orderBody({ finalAmount: 1e-9 }), invalid('Final Amount must have at most 2 decimals (paise).'), 400);
    expect(await order({ finalAmount: 100, paymentStatus: 'Partially Paid', paidAmount: 99.99 })).toMatchObject({ paidAmount: 99.99, balanceAmount: 0.01 });
  });

  it('refuses quotation prices finer than a paisa and tax or discount finer than 0.1', async () => {
    await refused(QUOTATIONS, quotationBody({ flatRate: null, pricingPerKm: 1e-9 }), invalid('Pricing per KM (₹) must have at most 2 decimals (paise).'), 400);
    await refused(QUOTATIONS, quotationBody({ flatRate: 85000.005 }), invalid('Flat Rate (₹) must have at most 2 decimals (paise).'), 400);
    await refused(QUOTATIONS, quotationBody({ tax: 5.25 }), invalid('Tax (%) must have at most 1 decimal.'), 400);
    await refused(QUOTATIONS, quotationBody({ discount: 1e-9 }), invalid('Discount (%) must have at most 1 decimal.'), 400);
    expect(await quotation({ tax: 12.5, discount: 2.5, flatRate: 85000.05 })).toMatchObject({ tax: 12.5, discount: 2.5, flatRate: 85000.05 });
  });

  it('refuses control characters in a lead, keeps line breaks in its notes', async () => {
    await refused(LEADS, leadBody({ companyName: 'Tata\u0000Steel' }), invalid('Company Name must not contain control characters.'), 400);
    await refused(LEADS, leadBody({ contactPerson: 'Anil\u0085Deshmukh' }), invalid('Contact Person must not contain control characters.'), 400);
    expect((await lead({ notes: 'Met at the Pune office.\nWants a quote by Friday.' })).notes).toBe('Met at the Pune office.\nWants a quote by Friday.');
  });
});
