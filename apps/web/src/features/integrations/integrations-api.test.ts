import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@raahi/domain';
import { endOfDay, EVENT_GROUPS, generateSecret } from './integrations-api';

describe('the webhook form', () => {
  it('offers every event a webhook can choose, once, grouped by area with the reminders last', () => {
    const offered = EVENT_GROUPS.flatMap((group) => group.events.map((event) => event.value));
    expect([...offered].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(new Set(offered).size).toBe(offered.length);
    expect(EVENT_GROUPS[0]).toMatchObject({ key: 'vehicles', label: 'Vehicles' });
    expect(EVENT_GROUPS[0].events.map((event) => event.label)).toEqual(['Created', 'Updated', 'Deleted', 'Imported']);
    expect(EVENT_GROUPS.at(-1)).toEqual({
      key: 'reminders',
      label: 'Reminders',
      events: [
        { value: 'reminder.due_soon', label: 'Due soon' },
        { value: 'reminder.overdue', label: 'Overdue' },
      ],
    });
  });

  it('generates 256-bit secrets as base64url, a new one each time', () => {
    const secrets = Array.from({ length: 50 }, generateSecret);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(secrets).size).toBe(50);
  });
});

describe('an API key’s expiry', () => {
  it('is the end of the chosen day in the browser’s zone', () => {
    const instant = new Date(endOfDay('2027-03-31'));
    expect([instant.getFullYear(), instant.getMonth(), instant.getDate(), instant.getHours(), instant.getMinutes()]).toEqual([2027, 3, 1, 0, 0]);
  });
});
