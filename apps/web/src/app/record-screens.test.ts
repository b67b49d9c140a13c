import { describe, expect, it } from 'vitest';
import { RECORD_PATHS } from '@raahi/domain';
import { RECORD_SCREENS, recordAddress } from './record-screens';
import { badgeText } from '../features/notifications/notifications-api';

describe('record addresses', () => {
  it("the web's screens and the domain's paths (which the server stores with a notification) agree", () => {
    const screens = Object.fromEntries([...RECORD_SCREENS].map(([key, { path, section }]) => [key, section ? { path, section } : { path }]));
    expect(screens).toEqual(RECORD_PATHS);
  });
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
