import { expect, test, type Page } from '@playwright/test';
import { apiCreate, createDriver, createTrip, createVehicle, listSettled, todayInBrowserZone, unique } from './helpers';

/**
 * At 1440 px, what identifies a record is never what a list cuts: every list (each section of a page of
 * several) with realistic records shows fewer than one cut cell in ten. Records made through the API, with
 * the lengths of the demo seed's names (makes and models, companies, highway stations).
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** Every list, by its path and the screen's title; a page of several lists names its sections (tabs). */
const LISTS: { path: string; title: string; sections?: string[] }[] = [
  { path: '/fleet-management', title: 'Fleet & Trip Management' },
  { path: '/vehicle-management', title: 'Vehicle Management' },
  { path: '/driver-management', title: 'Driver Management' },
  { path: '/driver-training', title: 'Driver Training' },
  { path: '/driver-health-report', title: 'Driver Health Reports' },
  { path: '/cold-chain', title: 'Cold Chain Monitoring' },
  { path: '/maintenance', title: 'Maintenance & Workshop' },
  { path: '/service-partners', title: 'On-Road Service Partners' },
  { path: '/inventory', title: 'Inventory Management' },
  { path: '/incident-emergency', title: 'Incident & Emergency' },
  { path: '/fuel-expense', title: 'Fuel & Expense Management' },
  { path: '/sales', title: 'Sales & Orders', sections: ['Lead Management', 'Quotation Management', 'Sales Order Management'] },
  { path: '/partner-fuel-stations', title: 'Partner Fuel Stations', sections: ['Station Directory', 'Refueling Logs', 'Invoices & Settlements'] },
  { path: '/challan-tracking', title: 'Challan Tracking' },
  { path: '/trip-insurance', title: 'Trip Insurance Management' },
  { path: '/compliance', title: 'Compliance Management (Document Hub)' },
];

const VEHICLES = [
  ['Tata Motors', 'Signa 4825.TK', 'MH12AB4821', 'Truck'],
  ['Ashok Leyland', 'Partner 6 Tyre', 'TN09BQ1207', 'Truck'],
  ['BharatBenz', '3528C Tipper', 'KA51MC8830', 'Trailer'],
  ['Mahindra & Mahindra', 'Blazo X 49 Haulage', 'GJ01KT5520', 'Truck'],
  ['Eicher', 'Pro 2059XP', 'DL1LAB0934', 'Van'],
  ['Tata Motors', 'Ultra 1918.T', 'UP32HN7716', 'Truck'],
];
const DRIVERS = [
  'Rajendra Prasad Yadav',
  'Gurpreet Singh Sandhu',
  'Mohammed Irfan Shaikh',
  'Venkatesh Subramaniam',
  'Santosh Kumar Pandey',
  'Harish Chandra Rawat',
];
const CITIES = [
  ['Bhiwandi', 'Chennai'],
  ['Gurugram', 'Ahmedabad'],
  ['Ludhiana', 'Kolkata'],
  ['Nagpur', 'Hyderabad'],
  ['Pune', 'Bengaluru'],
  ['Indore', 'Jaipur'],
];
const COMPANIES = [
  'Hindustan Unilever Ltd.',
  'UltraTech Cement Ltd.',
  'Asian Paints Ltd.',
  'Mahindra Logistics Ltd.',
  'Britannia Industries Ltd.',
  'Godrej Consumer Products Ltd.',
];
/** Job cards as the demo seed writes them. */
const JOBS = [
  'Periodic service at 40,000 km with coolant replacement',
  'Front brake pads and rear brake liners replaced',
  'Clutch plate and pressure plate replaced after slipping on the ghat',
  'Wheel alignment and tyre rotation',
  'Turbocharger oil seal replaced (blue smoke under load)',
  'Battery check, terminal cleaning and alternator belt replacement',
];
const STATIONS = [
  ['IOCL Highway Fuels Khed Shivapur', 'NH48, Khed Shivapur, Pune, Maharashtra 412205'],
  ['BPCL Ghoti Truck Plaza', 'NH160, Ghoti, Igatpuri, Nashik, Maharashtra 422402'],
  ['HPCL Anand Highway Service', 'NH48, Vasad, Anand, Gujarat 388306'],
];

/** A list's body cells (actions apart) and how many of them are cut: wider or taller than their box shows. */
async function measure(page: Page, scope: string) {
  return page.evaluate((scopeSelector) => {
    const table = document.querySelector(scopeSelector)!.querySelector('table')!;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    const cut: string[] = [];
    const cutAt: [number, number][] = [];
    let cells = 0;
    const overflows = (el: Element) => {
      const style = getComputedStyle(el);
      const clipsX = style.overflowX !== 'visible' || el.tagName === 'TD';
      const clampsY = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
      return (clipsX && el.scrollWidth > el.clientWidth + 1) || (clampsY && el.scrollHeight > el.clientHeight + 1);
    };
    for (const [r, row] of [...table.querySelectorAll('tbody tr')].entries()) {
      const tds = [...row.querySelectorAll('td')];
      if (tds.length !== headers.length) continue;
      tds.forEach((td, i) => {
        if (headers[i] === 'Actions') return;
        cells++;
        if ([td, ...td.querySelectorAll('*')].some(overflows)) {
          cut.push(`${headers[i]}: ${td.textContent}`);
          cutAt.push([r, i]);
        }
      });
    }
    // Nothing is pushed under the actions or out of the card: the table fits its box.
    const box = table.parentElement!;
    return { cells, cut, cutAt, overflow: box.scrollWidth - box.clientWidth };
  }, scope);
}

test('at 1440 px fewer than one body cell in ten is cut, on every list', async ({ page }) => {
  test.setTimeout(180_000);
  const token = unique();
  const vehicles = [];
  for (const [i, [make, model, plate, type]] of VEHICLES.entries())
    vehicles.push(
      await createVehicle(page, token, {
        make,
        model,
        licensePlate: `${plate.slice(0, 6)}${token.slice(0, 4)}`.slice(0, 10),
        vin: `MAT${i}${token}${unique()}`,
        type,
        currentMileage: 184_250 + i * 9_731,
      }),
    );
  const drivers = [];
  for (const [i, name] of DRIVERS.entries())
    drivers.push(
      await createDriver(page, `${token}${i}`, {
        name,
        contact: '+91 98765 43210',
        email: `${name.split(' ')[0].toLowerCase()}.${token.toLowerCase()}${i}@sharmaroadlines.in`,
      }),
    );
  const trips = [];
  for (const [i, [origin, destination]] of CITIES.entries())
    trips.push(
      await createTrip(page, {
        vehicleId: vehicles[i].id,
        driverId: drivers[i].id,
        origin,
        destination,
        status: 'In Transit',
        eta: '2026-03-14T18:30:00.000Z',
      }),
    );
  const today = todayInBrowserZone();
  const stations = [];
  for (const [name, address] of STATIONS)
    stations.push(
      await apiCreate(page, 'partner-fuel-stations', {
        stationName: name,
        address,
        gpsLocation: '18.3474,73.8649',
        contactPerson: 'Sunil Dattatray Patil',
        phone: '+91 98200 11223',
        email: 'khedshivapur@iocl-partner.in',
        status: 'Active',
        paymentMode: 'Postpaid',
        creditLimit: 500000,
        fuelTypes: ['Diesel', 'CNG'],
        partnerSince: '2024-04-01',
        contractStartDate: null,
        contractEndDate: null,
        pricingStructure: 'Standard rates apply.',
        settlementCycle: 'Monthly',
      }),
    );
  for (let i = 0; i < 6; i++) {
    const [vehicle, driver, trip, station, company] = [vehicles[i], drivers[i], trips[i], stations[i % 3], COMPANIES[i]];
    await apiCreate(page, 'driver-training', {
      driverId: driver.id,
      trainingType: 'Hazardous Materials Handling',
      scheduleDate: '2026-01-12',
      status: 'Completed',
      certificationFile: null,
      validityPeriod: '2 years',
      trainerName: 'Capt. Arvind Deshpande',
      assessmentScore: 86.5,
      notes: '',
    });
    await apiCreate(page, 'driver-health', {
      driverId: driver.id,
      testType: 'Vision Test',
      testDate: '2026-02-03',
      result: 'Fit with Aid',
      nextDueDate: '2027-02-03',
      reportFile: null,
      clinicInfo: 'Apollo Clinic, Wakad, Pune',
      notes: '',
    });
    await apiCreate(page, 'cold-chain', {
      tripId: trip.id,
      name: `Carrier Transicold Reefer ${i + 1}`,
      minTemp: -18,
      maxTemp: -12,
      currentTemp: -15.5,
      currentHumidity: 62,
      status: 'Optimal',
    });
    await apiCreate(page, 'maintenance', {
      vehicleId: vehicle.id,
      jobType: 'Preventive',
      description: JOBS[i],
      technician: 'Ramesh Patil',
      partsUsed: '',
      scheduledDate: '2026-03-09',
      completionDate: null,
      status: 'In Progress',
      cost: 123456.5,
      scheduleId: null,
      odometer: null,
    });
    await apiCreate(page, 'service-partners', {
      partnerName: `Highway Rescue Towing & Crane Services ${i + 1}`,
      serviceTypes: ['Towing', 'Tyres', 'Accident Response'],
      contactInfo: '+91 98220 12345',
      availability: '24/7',
      geoLocation: '18.7557,73.4091',
      rating: 4.5,
      notes: '',
    });
    await apiCreate(page, 'inventory', {
      name: 'Brake Pad Set (Front Axle)',
      partNumber: `BP-TM-4825-${i}${token}`,
      quantity: 42,
      reorderLevel: 10,
      costPerUnit: 4850,
      supplier: 'Bosch Automotive Aftermarket India',
      location: 'Bhiwandi Warehouse, Rack B-14',
    });
    await apiCreate(page, 'incidents', {
      type: 'Vehicle Breakdown',
      severity: 'High',
      dateTime: '2026-03-09T08:15:00+05:30',
      location: 'NH 44, near Panipat toll plaza, Haryana',
      description: 'Engine overheated on the climb',
      vehicleId: vehicle.id,
      driverId: driver.id,
      reportedBy: '',
      status: 'Investigating',
      images: [],
    });
    await apiCreate(page, 'fuel-expenses', {
      type: 'Fuel',
      date: '2026-03-09',
      vehicleId: vehicle.id,
      tripId: trip.id,
      fuelType: 'Diesel',
      quantity: 180.5,
      pricePerUnit: 89.62,
      amount: null,
      odometer: 184250,
      vendor: 'IOCL Highway Fuels, Khed Shivapur',
      gpsLocation: '',
      description: '',
    });
    await apiCreate(page, 'sales-leads', {
      companyName: company,
      contactPerson: 'Anil Deshmukh',
      contactInfo: 'anil.deshmukh@hul.co.in',
      leadSource: 'Website',
      assignedTo: 'Priya Raghunathan',
      status: 'Proposal Sent',
      industry: '',
      region: '',
      notes: '',
    });
    await apiCreate(page, 'sales-quotations', {
      leadId: null,
      customerName: company,
      vehicleType: 'Standard Truck',
      routeOrRegion: 'Pune → Chennai',
      pricingPerKm: null,
      flatRate: 1285000,
      tax: 5,
      discount: 0,
      validUntil: '2026-12-31',
      attachments: [],
      termsAndConditions: 'Standard terms apply',
      status: 'Approved',
    });
    await apiCreate(page, 'sales-orders', {
      quotationId: null,
      customerName: company,
      date: '2026-03-09',
      finalAmount: 1349250,
      paymentStatus: 'Partially Paid',
      paidAmount: 500000,
      balanceAmount: 849250,
      deliveryTerms: 'FOB Origin',
      assignedVehicles: [vehicle.id],
      routeDetails: '',
      status: 'Dispatched',
    });
    await apiCreate(page, 'refueling-logs', {
      vehicleId: vehicle.id,
      stationId: station.id,
      driverId: driver.id,
      fuelType: 'Diesel',
      quantity: 180.5,
      rate: 89.62,
      totalCost: null,
      timestamp: '2026-03-14T08:30:00.000Z',
      refuelMethod: 'Card',
      odometer: null,
      notes: '',
    });
    await apiCreate(page, 'fuel-station-invoices', {
      stationId: station.id,
      amount: 1254300,
      dateRangeStart: '2026-02-01',
      dateRangeEnd: '2026-02-28',
      paymentStatus: 'Partially Paid',
      generatedOn: '2026-03-01',
      paidOn: null,
      paidAmount: 600000,
      balanceAmount: 654300,
      approvedBy: '',
      notes: '',
    });
    await apiCreate(page, 'challans', {
      vehicleId: vehicle.id,
      driverId: driver.id,
      date: '2026-03-09',
      offenseType: 'Overloading',
      amount: 22000,
      scannedCopy: null,
      status: 'Pending Payment',
      paidDate: null,
      notes: '',
    });
    await apiCreate(page, 'trip-insurance', {
      tripId: trip.id,
      insuranceType: 'Cargo',
      policyNumber: `OG-26-1901-1801-${i}${token}`,
      providerName: 'ICICI Lombard General Insurance',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      status: 'Active',
      claimId: '',
      documentFile: null,
      notes: '',
    });
    await apiCreate(page, 'compliance', {
      documentName: `Vehicle Registration Certificate ${i + 1}`,
      documentType: 'Vehicle Registration',
      entityId: vehicle.id,
      documentNumber: `RC-${token}${i}`,
      issuer: 'RTO Pune (MH12)',
      issueDate: '2022-04-01',
      expiryDate: today,
      notes: '',
      documentFile: null,
    });
  }

  const report: string[] = [];
  const failures: string[] = [];
  for (const list of LISTS) {
    await page.goto(list.path);
    await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
    for (const name of list.sections ?? [list.title]) {
      const tab = page.getByRole('tab', { name });
      if (list.sections && (await tab.count()) > 0) await tab.click();
      await listSettled(page);
      const scope = list.sections ? `section[aria-labelledby="${await page.getByRole('heading', { level: 2, name }).getAttribute('id')}"]` : 'main';
      if (process.env.CELL_FIT_SHOTS) await page.screenshot({ path: `${process.env.CELL_FIT_SHOTS}/${name.replace(/\W+/g, '-')}.png`, fullPage: true });
      const { cells, cut, cutAt, overflow } = await measure(page, scope);
      // A cut cell keeps its whole text (for screen readers and copying) and shows it on hover.
      for (const [r, c] of cutAt) {
        const cell = page.locator(scope).locator('tbody tr').nth(r).locator('td').nth(c);
        await cell.hover();
        const whole = (await cell.textContent())!;
        await expect.soft(cell.locator(`[title="${whole.replaceAll('"', '\\"')}"]`), `${name}: ${whole}`).not.toHaveCount(0);
      }
      const share = cells === 0 ? 1 : cut.length / cells;
      report.push(
        `${name}: ${cut.length}/${cells} cut (${(share * 100).toFixed(1)}%)${cut.length ? ` — ${[...new Set(cut.map((c) => c.split(':')[0]))].join(', ')}` : ''}${overflow > 0 ? `, ${overflow} px wider than its card` : ''}`,
      );
      if (cells < 6 || share >= 0.1 || overflow > 0) failures.push(name);
    }
  }
  console.log(report.join('\n'));
  expect(failures, report.join('\n')).toEqual([]);
});
