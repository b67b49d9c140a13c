import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSION_AREAS, PERMISSIONS, ROLE_KEYS, can, roleWithin } from './roles';

/** The README's table of roles (its section "Roles: who may do what") says what PERMISSIONS says, cell by cell. */
describe('the README table of roles', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### Roles: who may do what'));
  const lines = section
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const [header, ...rows] = lines;
  const keyOf = (cell: string) => /`([a-z_-]+)`/.exec(cell)?.[1];

  it('has a column per role, in order', () => {
    expect(header.slice(1).map(keyOf)).toEqual(ROLE_KEYS);
  });

  it('has a row per area whose cells are the actions each role may take', () => {
    const areaRows = rows.filter((row) => keyOf(row[0]));
    expect(areaRows.map((row) => keyOf(row[0]))).toEqual([...PERMISSION_AREAS]);
    for (const row of areaRows) {
      const area = keyOf(row[0])!;
      ROLE_KEYS.forEach((role, i) => {
        const allowed = ACTIONS.filter((action) => can(role, area, action));
        const expected = allowed.length === ACTIONS.length ? 'all' : allowed.length ? allowed.join(', ') : '—';
        expect(row[i + 1], `${role} × ${area}`).toBe(expected);
      });
    }
  });

  it('has the rows of personal data, users and the activity log', () => {
    const flag = (title: string) =>
      rows
        .find((row) => row[0].startsWith(title))!
        .slice(1)
        .map((cell) => cell === 'yes');
    expect(flag('Personal data')).toEqual(ROLE_KEYS.map((role) => PERMISSIONS[role].personalData));
    expect(flag('Users')).toEqual(ROLE_KEYS.map((role) => PERMISSIONS[role].manageUsers));
    expect(flag('Activity Log')).toEqual(ROLE_KEYS.map((role) => PERMISSIONS[role].activityLog));
  });
});

/** Decision 0062: an API key's role must stay within its creator's; a role change revokes the keys it no longer covers. */
describe('one role within another', () => {
  it('holds when every action, personal data, users and the Activity Log of the first are the second’s too', () => {
    const within = (outer: string) => ROLE_KEYS.filter((inner) => roleWithin(inner, outer));
    expect(within('administrator')).toEqual(ROLE_KEYS);
    expect(within('fleet_manager')).toEqual(['fleet_manager', 'dispatcher', 'workshop', 'accounts', 'viewer']);
    expect(within('dispatcher')).toEqual(['dispatcher']);
    expect(within('workshop')).toEqual(['workshop']);
    expect(within('accounts')).toEqual(['accounts']);
    expect(within('viewer')).toEqual(['viewer']);
    // The Administrator's users and Activity Log are beyond a Fleet Manager, who may do every action on every area.
    expect(PERMISSION_AREAS.every((area) => ACTIONS.every((action) => can('fleet_manager', area, action)))).toBe(true);
    expect(roleWithin('administrator', 'fleet_manager')).toBe(false);
    expect(roleWithin('viewer', 'owner')).toBe(false);
    expect(roleWithin('owner', 'administrator')).toBe(false);
  });
});
