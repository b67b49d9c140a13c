import { describe, expect, it } from 'vitest';
import {
  addMonths,
  currentOdometer,
  dayStart,
  interpolateOdometer,
  kmBetween,
  odometerAt,
  odometerDays,
  odometerMonthMarks,
  ODOMETER_KM_PER_DAY,
  ODOMETER_SLACK_KM,
  serviceDueSoonKm,
  validityMonths,
} from '.';

describe('currentOdometer', () => {
  it('is null without readings, the one reading with one', () => {
    expect(currentOdometer([])).toEqual({ km: null, flagged: [] });
    expect(currentOdometer([{ km: 0, date: '2026-01-01' }])).toEqual({ km: 0, flagged: [] });
  });
  it('leaves out a typo of 9,99,999 for 99,999, before, between or after the believable readings', () => {
    const typo = { km: 999_999, date: '2026-02-01' };
    const good = [
      { km: 99_000, date: '2026-01-20' },
      { km: 99_999, date: '2026-02-02' },
      { km: 101_200, date: '2026-02-03' },
    ];
    expect(currentOdometer([...good, typo])).toEqual({ km: 101_200, flagged: [typo] });
    expect(currentOdometer([{ ...typo, date: '2025-01-01' }, ...good]).km).toBe(101_200);
    expect(currentOdometer([...good, { ...typo, date: '2027-01-01' }]).km).toBe(101_200);
  });
  it('takes a reading exactly at the limit (anchor + 5,000 + 1,500 a day) and leaves out one km more', () => {
    const anchor = { km: 50_000, date: '2026-03-01' };
    const limit = anchor.km + ODOMETER_SLACK_KM + 10 * ODOMETER_KM_PER_DAY;
    expect(currentOdometer([anchor, { km: limit, date: '2026-03-11' }]).km).toBe(limit);
    expect(currentOdometer([anchor, { km: limit + 1, date: '2026-03-11' }]).km).toBe(anchor.km);
  });
  it('a reading below the current odometer (an old receipt, a typo of 9,999) changes nothing', () => {
    expect(
      currentOdometer([
        { km: 80_000, date: '2026-01-01' },
        { km: 81_000, date: '2026-01-05' },
        { km: 9_999, date: '2026-01-06' },
      ]).km,
    ).toBe(81_000);
  });
});

describe('service due distance and months', () => {
  it('is max(1,000 km, 10% of the interval)', () => {
    expect([5_000, 10_000, 10_001, 20_000, 45_000].map(serviceDueSoonKm)).toEqual([1_000, 1_000, 1_001, 2_000, 4_500]);
  });
  it('adds months as PostgreSQL does (the month end kept in a shorter month)', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-07-10', -6)).toBe('2026-01-10');
    expect(addMonths('2026-11-15', 18)).toBe('2028-05-15');
  });
});

describe('validityMonths', () => {
  it.each([
    ['1 year', 12],
    ['6 months', 6],
    ['18 months', 18],
    ['2 years', 24],
    ['2 Years', 24],
    ['12months', 12],
    ['3 yrs.', 36],
    ['one year', 12],
    ['an year', 12],
    ['10 years', 120],
    ['11 years', null],
    ['0 months', null],
    ['1.5 years', null],
    ['1 year 6 months', null],
    ['', null],
    ['lifetime', null],
    ['1'.repeat(41), null],
  ] as const)('%j → %j', (text, months) => {
    expect(validityMonths(text)).toBe(months);
  });
  it('reads a long input in bounded time and refuses it', () => {
    expect(validityMonths(`${'9'.repeat(100000)} years`)).toBeNull();
    expect(validityMonths(null)).toBeNull();
  });
});

describe('odometerAt (interpolated between the nearest readings)', () => {
  const oct25 = { km: 10_000, date: '2026-10-25' };
  const nov10 = { km: 11_600, date: '2026-11-10' };
  it('interpolates linearly in time: 1,600 km over 16 days is 100 km a day', () => {
    expect(odometerAt([oct25, nov10], dayStart('2026-11-01'))).toBe(10_700);
    expect(odometerAt([nov10, oct25], dayStart('2026-11-05') + 1)).toBe(11_200);
    expect(odometerAt([oct25, nov10], dayStart('2026-10-25') + 0.5)).toBe(10_050);
  });
  it('a reading exactly at the instant is the answer (one side is enough then)', () => {
    expect(odometerAt([oct25, nov10], dayStart('2026-10-25'))).toBe(10_000);
    expect(odometerAt([oct25, nov10], dayStart('2026-11-10'))).toBe(11_600);
    expect(odometerAt([oct25], dayStart('2026-10-25'))).toBe(10_000);
  });
  it('is null without a reading on both sides', () => {
    expect(odometerAt([], dayStart('2026-11-01'))).toBeNull();
    expect(odometerAt([oct25, nov10], dayStart('2026-11-30') + 1)).toBeNull();
    expect(odometerAt([oct25, nov10], dayStart('2026-10-24'))).toBeNull();
    expect(odometerAt([oct25, nov10], dayStart('2026-11-10') + 0.001)).toBeNull();
  });
  it('takes a day’s highest reading, and leaves out a reading the outlier rule flags', () => {
    const sameDay = { km: 10_400, date: '2026-10-25' };
    expect(odometerAt([oct25, sameDay, nov10], dayStart('2026-10-25'))).toBe(10_400);
    const typo = { km: 116_000, date: '2026-11-03' };
    expect(odometerAt([oct25, { km: 10_500, date: '2026-10-30' }, nov10, typo], dayStart('2026-11-03'))).toBe(10_500 + (1_100 * 4) / 11);
  });
  it('kmBetween: end − start to 0.1 km, null when either is unknown or the readings go backwards', () => {
    expect(kmBetween(10_700, 11_200)).toBe(500);
    expect(kmBetween(10_000, 10_000.04)).toBe(0);
    expect(kmBetween(null, 11_200)).toBeNull();
    expect(kmBetween(10_700, null)).toBeNull();
    expect(kmBetween(11_200, 10_700)).toBeNull();
  });
  it('interpolateOdometer over counted readings agrees with odometerAt', () => {
    const readings = [oct25, nov10, { km: 10_900, date: '2026-11-02' }];
    for (const day of ['2026-10-26', '2026-11-02', '2026-11-06'])
      expect(interpolateOdometer(readings, dayStart(day))).toBe(odometerAt(readings, dayStart(day)));
  });
});

describe('odometerDays and odometerMonthMarks (what the database keeps per vehicle)', () => {
  const readings = [
    { km: 10_000, date: '2026-01-10' },
    { km: 10_200, date: '2026-01-10' },
    { km: 999_999, date: '2026-02-15' },
    { km: 11_000, date: '2026-03-20' },
    { km: 11_600, date: '2026-04-01' },
  ];
  it('keeps the counted readings, one per day (its highest), in day order: a typo far above is left out', () => {
    expect(odometerDays(readings)).toEqual([
      { km: 10_200, date: '2026-01-10' },
      { km: 11_000, date: '2026-03-20' },
      { km: 11_600, date: '2026-04-01' },
    ]);
    expect(odometerDays([])).toEqual([]);
  });
  it('marks each month start between the first and last counted day, interpolated to 0.1 km; a reading on the 1st is its mark', () => {
    // 1 Feb: 22 of the 69 days from 10 Jan to 20 Mar → 10,200 + 800 × 22 / 69 = 10,455.07; 1 Mar: 50 days → 10,779.71.
    expect(odometerMonthMarks(readings)).toEqual([
      { month: '2026-02-01', km: 10_455.1 },
      { month: '2026-03-01', km: 10_779.7 },
      { month: '2026-04-01', km: 11_600 },
    ]);
    expect(odometerMonthMarks([{ km: 5, date: '2026-05-01' }])).toEqual([{ month: '2026-05-01', km: 5 }]);
    expect(odometerMonthMarks([{ km: 5, date: '2026-05-02' }])).toEqual([]);
  });
});
