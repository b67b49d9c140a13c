import { describe, expect, it } from 'vitest';
import * as domain from './index';
import { decimalsOfStep, field, hasAtMostDecimals, type AnyField, type DeclaredArea } from './declare';
import { hasControlCharacter, text } from './fields';

const declaredAreas = (Object.values(domain) as unknown[]).filter(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (value): value is DeclaredArea<any> => typeof value === 'object' && value !== null && 'fields' in value && 'input' in value && 'shown' in value,
);
const fieldsOf = (area: { fields: Record<string, AnyField> }) => Object.entries(area.fields);
const messagesOf = (parsed: { error?: { issues: { message: string }[] } }) => parsed.error?.issues.map((issue) => issue.message);

describe('decimals, judged on the value as it is', () => {
  it('counts the decimals a step allows', () => {
    expect([0.001, 0.01, 0.1, 1, 100, 0.5].map(decimalsOfStep)).toEqual([3, 2, 1, 0, 0, 1]);
  });

  it('has no tolerance: 1e-9 and 1.005 have more than 2 decimals, 0.07 and 999999999999.99 have 2', () => {
    for (const ok of [0, 0.07, 0.29, 1.1, -0.01, 100, 999_999_999_999.99, -999_999_999_999.99, 99.99]) expect(hasAtMostDecimals(ok, 2), String(ok)).toBe(true);
    for (const bad of [1e-9, 1.005, 99.999999999, 0.001, -0.005, 100.0000001]) expect(hasAtMostDecimals(bad, 2), String(bad)).toBe(false);
    expect(hasAtMostDecimals(1.005, 3)).toBe(true);
    expect(hasAtMostDecimals(0.0001, 3)).toBe(false);
    expect(hasAtMostDecimals(2.5, 0)).toBe(false);
  });

  it('money refuses more than 2 decimals, however the number is written', () => {
    const money = field.money({ label: 'Amount' }).schema;
    for (const written of ['1e-9', '0.000000001', '1E-9', '99.999999999', '1.005']) {
      expect(messagesOf(money.safeParse(JSON.parse(written))), written).toEqual(['must have at most 2 decimals (paise)']);
    }
    for (const ok of [0.07, 1.01, 999_999_999_999.99, -0.01]) expect(money.safeParse(ok).success, String(ok)).toBe(true);
  });

  it('a number refuses more decimals than its step, in words', () => {
    const rate = field.number({ label: 'Rate', step: 0.001 }).schema;
    expect(messagesOf(rate.safeParse(0.0001))).toEqual(['must have at most 3 decimals']);
    expect(rate.safeParse(86.125).success).toBe(true);
    expect(messagesOf(field.number({ label: 'Tax', step: 0.1 }).schema.safeParse(5.25))).toEqual(['must have at most 1 decimal']);
    expect(messagesOf(field.number({ label: 'Humidity', step: 1 }).schema.safeParse(60.5))).toEqual(['must be a whole number']);
    expect(field.number({ label: 'Score' }).schema.safeParse(87.125).success).toBe(true);
    expect(messagesOf(field.rating({ label: 'Rating' }).schema.safeParse(4.25))).toEqual(['must have at most 1 decimal']);
  });

  it('every number field of every area refuses a value finer than its step, and 1e-9', () => {
    let checked = 0;
    for (const area of declaredAreas) {
      for (const [name, f] of fieldsOf(area)) {
        const step = f.kind === 'money' ? 0.01 : (f.kind === 'number' || f.kind === 'rating') && f.step !== 'any' ? f.step : null;
        if (step === null) continue;
        for (const value of [1e-9, step / 10 + 1]) {
          const parsed = area.input.safeParse({ ...area.defaults(), [name]: value });
          expect(parsed.success, `${area.key}.${name} = ${value}`).toBe(false);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe('control characters', () => {
  it('are found in one pass: C0, DEL and C1; a long text may hold tabs and line breaks', () => {
    for (const bad of ['a\u0000b', '\u001b[31m', 'a\u007f', 'a\u0085b', 'a\u009fb', 'a\tb', 'a\nb'])
      expect(hasControlCharacter(bad), JSON.stringify(bad)).toBe(true);
    for (const ok of ['Ravi Kumar', '₹1,200', 'क्\u200Dष', '\u00a0x', 'Ünal']) expect(hasControlCharacter(ok), ok).toBe(false);
    for (const ok of ['line one\nline two', 'a\tb', 'a\r\nb']) expect(hasControlCharacter(ok, true), JSON.stringify(ok)).toBe(false);
    for (const bad of ['a\rb', 'a\u0000\nb', 'a\u000bb', 'a\u000cb']) expect(hasControlCharacter(bad, true), JSON.stringify(bad)).toBe(true);
  });

  it('are refused in a text with the message, after the length check', () => {
    expect(messagesOf(text(100).safeParse('Ravi\u0000'))).toEqual(['must not contain control characters']);
    expect(messagesOf(text(3).safeParse('\u0000\u0000\u0000\u0000'))).toEqual(['must be at most 3 characters']);
    expect(text(100, { multiline: true }).parse('Brake pads\n\tfront and rear')).toBe('Brake pads\n\tfront and rear');
  });

  it('are refused in every text field of every area; tabs and line breaks only in long texts', () => {
    let checked = 0;
    for (const area of declaredAreas) {
      for (const [name, f] of fieldsOf(area)) {
        if (f.kind !== 'text' && !(f.kind === 'choice' && f.open)) continue;
        for (const bad of ['x\u0000y', 'x\u001by', 'x\u0085y', 'x\u007fy']) {
          expect(messagesOf(area.input.safeParse({ ...area.defaults(), [name]: bad })), `${area.key}.${name}`).toEqual(['must not contain control characters']);
        }
        const multiline = f.kind === 'text' && f.multiline === true;
        expect(area.input.safeParse({ ...area.defaults(), [name]: 'x\ny' }).success, `${area.key}.${name}`).toBe(multiline);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });
});
