import { describe, expect, it } from 'vitest';
import { recordAddress } from './record-screens';
import { badgeText } from '../features/notifications/notifications-api';

describe('record addresses', () => {
  it('a record opens in its screen, a section record in its section', () => {
    expect(recordAddress('compliance', 'DOC-1')).toBe('/compliance?edit=DOC-1');
    expect(recordAddress('refueling-logs', 'RFL-1')).toBe('/partner-fuel-stations?section=logs&logs.edit=RFL-1');
    expect(recordAddress('trips', 'TRP-1', false)).toBe('/fleet-management');
    expect(recordAddress('nothing', 'X')).toBeNull();
  });
  it('the badge shows 99+ above 99', () => {
    expect([0, 1, 99, 100].map(badgeText)).toEqual(['0', '1', '99', '99+']);
  });
});
