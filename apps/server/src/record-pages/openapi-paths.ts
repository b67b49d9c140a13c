import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

/**
 * The API document's entries for the record pages and trip money of issue 19 (decisions 0041–0043): the heads
 * of the vehicle and driver pages and the trip a refuelling log or challan pre-fills. They sit under their
 * areas' paths, so documentForRole shows them to the roles that may view vehicles, drivers or trips.
 */
export function registerRecordPagePaths(registry: OpenAPIRegistry, common: Record<number, unknown>) {
  const problem = z.object({ title: z.string(), message: z.string() });
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({ description, ...json(problem) });
  const responses = common as Record<number, { description: string }>;
  const id = z.object({ id: z.string() });
  const rupees = (what: string) => z.number().describe(`${what}, rupees to the paisa`);
  const periodCost = z
    .object({
      from: z.string().describe('First day (YYYY-MM-DD, company calendar)'),
      to: z.string().describe('Last day, included'),
      lines: z.array(
        z.object({
          kind: z.string().describe("An expense type ('Fuel', 'Toll', …), 'Refuelling', 'Job Cards' or 'Challans'"),
          amount: rupees('The kind’s total'),
          records: z.number().int(),
        }),
      ),
      total: rupees('All lines'),
      km: z
        .number()
        .nullable()
        .describe(
          'Odometer at the end of `to` − at the start of `from`, interpolated between readings (outliers left out); null when unknown or going backwards',
        ),
      costPerKm: z.number().nullable().describe('total ÷ km; null when km is null or 0'),
      partial: z.boolean().optional().describe('True when cost areas your role may not view are left out'),
    })
    .describe('A vehicle’s cost and km over a period (decision 0042)');
  const chip = z.object({
    area: z.enum(['compliance', 'service-schedules']),
    state: z.enum(['Expired', 'Overdue', 'Due Soon']),
    count: z.number().int(),
    href: z.string().describe('The vehicle page’s tab filtered to these records'),
  });
  const vehicleSummary = z.object({
    id: z.string(),
    licensePlate: z.string(),
    make: z.string(),
    model: z.string(),
    type: z.string(),
    status: z.string(),
    odometerKm: z.number().int().nullable().describe('Current odometer by the odometer rule; null without readings'),
    last90Days: periodCost,
    kmPerLitre: z.number().nullable().describe('Over the same days: fills counted as the dashboard counts them (partial fills carried, litre fuels only)'),
    chips: z.array(chip),
  });
  const driverSummary = z.object({
    id: z.string(),
    name: z.string(),
    license: z.string(),
    contact: z.string(),
    status: z.string(),
    joiningDate: z.string().nullable(),
    personalData: z.boolean().describe('Whether your role may see the driver’s personal data (health records, the Aadhaar card)'),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vehicles/{id}/summary',
    tags: ['vehicles'],
    summary:
      'The head of a vehicle page: its odometer, cost per km and km/L over the last 90 days (or the 90 days up to its last reading), and its due documents and services',
    request: { params: id },
    responses: { 200: { description: 'The summary', ...json(vehicleSummary) }, 404: error('No such vehicle'), ...responses },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/drivers/{id}/summary',
    tags: ['drivers'],
    summary: 'The head of a driver page',
    request: { params: id },
    responses: { 200: { description: 'The summary', ...json(driverSummary) }, 404: error('No such driver'), ...responses },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/trips/at',
    tags: ['trips'],
    summary:
      "A vehicle's trip at an instant or on a day (what a refuelling log or challan pre-fills): one whose dates cover it, else one still on the road that had started; never a Cancelled one",
    request: {
      query: z.object({
        vehicleId: z.string().max(64).describe('The vehicle’s id'),
        at: z.string().max(40).describe('A day (YYYY-MM-DD, the company calendar) or an ISO date and time'),
      }),
    },
    responses: {
      200: { description: 'The trip, or null', ...json(z.object({ trip: z.object({ id: z.string(), label: z.string() }).nullable() })) },
      400: error('A missing or malformed parameter'),
      ...responses,
    },
  });
}
