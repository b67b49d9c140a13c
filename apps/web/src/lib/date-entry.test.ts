import { describe, expect, it } from 'vitest';
import { displayDate, displayDateTime, fromPicker, parseTypedDate, parseTypedDateTime, pickerValue } from './date-entry';

describe('dates typed as DD/MM/YYYY', () => {
  it('reads day first with any common separator, and ISO as pasted', () => {
    expect(parseTypedDate('05/03/2026')).toBe('2026-03-05');
    expect(parseTypedDate(' 5-3-2026 ')).toBe('2026-03-05');
    expect(parseTypedDate('05.03.2026')).toBe('2026-03-05');
    expect(parseTypedDate('2026-03-05')).toBe('2026-03-05');
  });

  it('refuses what is no real date instead of rolling it over', () => {
    for (const text of ['31/02/2026', '29/02/2025', '00/01/2026', '12/13/2026', '1/1/26', '2026/03/05', 'tomorrow', '', '1'.repeat(10_000)]) {
      expect(parseTypedDate(text), text).toBeNull();
    }
    expect(parseTypedDate('29/02/2024')).toBe('2024-02-29');
  });

  it('shows a stored date as DD/MM/YYYY', () => {
    expect(displayDate('2026-03-05')).toBe('05/03/2026');
    expect(displayDate('')).toBe('');
  });

  it('reads a date and 24-hour time in the browser zone, and shows it back the same', () => {
    const instant = parseTypedDateTime('25/11/2026 18:45');
    expect(instant).toBe(new Date(2026, 10, 25, 18, 45).toISOString());
    expect(displayDateTime(instant!)).toBe('25/11/2026 18:45');
    expect(parseTypedDateTime('2026-11-25T18:45')).toBe(instant);
    for (const text of ['25/11/2026', '25/11/2026 24:00', '25/11/2026 18:60', '31/11/2026 10:00']) expect(parseTypedDateTime(text), text).toBeNull();
  });

  it('hands the native picker its own format and takes its answer back', () => {
    expect(pickerValue('05/03/2026', false)).toBe('2026-03-05');
    expect(pickerValue('05/03/2026 07:05', true)).toBe('2026-03-05T07:05');
    expect(pickerValue('not a date', false)).toBe('');
    expect(fromPicker('2026-03-05', false)).toBe('05/03/2026');
    expect(fromPicker('2026-03-05T07:05', true)).toBe('05/03/2026 07:05');
  });
});
