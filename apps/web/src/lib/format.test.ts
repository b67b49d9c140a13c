import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange } from './format';

describe('formatDay and formatDayRange', () => {
  it('says a calendar day as people read it, with no zone shift', () => {
    expect(formatDay('2026-12-07')).toBe('7 Dec 2026');
    expect(formatDay('2026-01-31')).toBe('31 Jan 2026');
    expect([formatDay(null), formatDay(''), formatDay('2026-13-01')]).toEqual(['N/A', 'N/A', 'N/A']);
  });

  it('says a span’s year once when both ends share it', () => {
    expect(formatDayRange('2026-08-27', '2026-11-24')).toBe('27 Aug – 24 Nov 2026');
    expect(formatDayRange('2025-12-03', '2026-03-02')).toBe('3 Dec 2025 – 2 Mar 2026');
  });
});
