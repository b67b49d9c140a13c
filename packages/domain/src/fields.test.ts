import { describe, expect, it } from 'vitest';
import * as domain from './index';
import type { AreaDefinition } from './area';
import { isEmailAddress, isoDate, isoDateTime, text } from './fields';
import { isBlank } from './rules';

const areas = (Object.values(domain) as unknown[]).filter(
  (value): value is AreaDefinition => typeof value === 'object' && value !== null && 'idFormat' in value && 'input' in value && 'rules' in value,
);

/** Texts that make a backtracking pattern take quadratic or worse time, at the size a request body allows. */
const ATTACKS = ['a@' + '.'.repeat(120_000) + ' x', '1'.repeat(120_000) + 'x', 'x' + ' '.repeat(120_000) + 'x', 'a'.repeat(60_000) + '@' + 'a'.repeat(60_000)];

describe('every field of every area, given a huge text', () => {
  it('finds the areas', () => {
    expect(areas.map((a) => a.key)).toEqual(expect.arrayContaining(['vehicles', 'drivers', 'trips', 'driver-training', 'driver-health']));
  });

  for (const area of areas) {
    it(`${area.key}: refuses each field at once, and runs its rules quickly`, () => {
      for (const field of Object.keys(area.input.shape)) {
        for (const attack of ATTACKS) {
          // The best of three runs: a busy machine or a garbage collection can slow one, never all
          // three (a backtracking pattern took seconds on every run).
          let elapsed = Infinity;
          let parsed;
          for (let run = 0; run < 3 && elapsed >= 50; run++) {
            const started = performance.now();
            parsed = area.input.safeParse({ ...area.defaults(), [field]: attack });
            elapsed = Math.min(elapsed, performance.now() - started);
          }
          expect(parsed?.success, `${area.key}.${field}`).toBe(false);
          expect(elapsed, `${area.key}.${field} took ${elapsed.toFixed(1)} ms`).toBeLessThan(50);
        }
      }
    });
  }
});

describe('text', () => {
  it('reports only the length of an over-long text (no later check runs on it)', () => {
    const parsed = text(10)
      .refine(() => {
        throw new Error('a rule ran on an over-long text');
      })
      .safeParse('x'.repeat(11));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['must be at most 10 characters']);
  });

  it('drops bidirectional controls, which would make a name read differently', () => {
    expect(text(100).parse('report\u202Eexe.pdf')).toBe('reportexe.pdf');
    expect(text(100).parse('\u2066Ravi\u2069 \u200FKumar\u200E')).toBe('Ravi Kumar');
  });

  it('keeps the joiners that Indic scripts need', () => {
    expect(text(100).parse('क्\u200Dष')).toBe('क्\u200Dष');
  });
});

describe('isBlank (what a required field refuses)', () => {
  it('counts only visible characters', () => {
    for (const blank of ['', '   ', '\u200B', '\u200B\u200C\u200D\u2060\uFEFF', '\u00AD', '\u3164', '\u2800', '\t\n', null, undefined]) {
      expect(isBlank(blank), JSON.stringify(blank)).toBe(true);
    }
    for (const filled of ['a', ' x ', '₹', '०', 'क', '\u200Bx']) expect(isBlank(filled), filled).toBe(false);
  });

  it('a lone zero-width space does not fill a required field of any area', () => {
    for (const area of areas) {
      const required = area.rules[0];
      const value = Object.fromEntries(Object.entries(area.defaults()).map(([k, v]) => [k, typeof v === 'string' || v === null ? '\u200B' : v]));
      expect(required(value as never), area.key).not.toBeNull();
    }
  });
});

describe('dates', () => {
  it('accepts real dates from 1900 to 2200', () => {
    for (const ok of ['1900-01-01', '2026-11-22', '2200-12-31', '2024-02-29']) expect(isoDate.safeParse(ok).success, ok).toBe(true);
  });

  it('refuses dates outside 1900–2200, and unreal ones', () => {
    for (const bad of ['1899-12-31', '2201-01-01', '9999-12-31', '0000-01-01', '2025-02-29', '2026-13-01', '2026-1-01', '2026-11-22x']) {
      expect(isoDate.safeParse(bad).success, bad).toBe(false);
    }
    expect(isoDate.safeParse('2201-01-01').error?.issues[0].message).toBe('must be in the years 1900 to 2200');
  });

  it('accepts date-times in UTC or with an offset', () => {
    for (const ok of ['2026-11-21T10:30:00Z', '2026-11-21T10:30:00.123Z', '2026-11-21T10:30:00+05:30', '2200-12-31T23:59:59Z', '1900-01-01T00:00:00Z']) {
      expect(isoDateTime.safeParse(ok).success, ok).toBe(true);
    }
  });

  it('refuses date-times outside 1900–2200, also when the offset moves them out', () => {
    for (const bad of [
      '9999-12-31T23:59:59-14:00',
      '2200-12-31T23:59:59-01:00',
      '1900-01-01T00:00:00+05:30',
      '+010000-01-01T00:00:00Z',
      '2201-01-01T00:00:00Z',
    ]) {
      expect(isoDateTime.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses unreal date-times and offsets', () => {
    for (const bad of [
      '2026-11-31T10:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T10:60:00Z',
      '2026-11-21T10:30:00+15:00',
      '2026-11-21T10:30:00+05:60',
      '2026-11-21T10:30Z',
      '2026-11-21 10:30:00Z',
    ]) {
      expect(isoDateTime.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('isEmailAddress', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    for (const ok of ['ravi@example.in', 'priya.sharma+fleet@mail.co.in', 'a@b.c']) expect(isEmailAddress(ok), ok).toBe(true);
    for (const bad of [
      '',
      'ravi',
      'ravi@',
      '@example.in',
      'ravi@example',
      'ravi@example.',
      'ravi@.in',
      'a@b@c.in',
      'ravi kumar@example.in',
      'ravi@exa..mple.in',
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });
});
