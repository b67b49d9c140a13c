import { describe, expect, it } from 'vitest';
import { PERMISSION_AREAS } from '@raahi/domain';
import { resourceOf, resources } from '.';

/** The registry of areas and what is derived from it. */
describe('the registry of areas', () => {
  it('holds the roles matrix to the declared areas: PERMISSION_AREAS names each declared area once, and no other', () => {
    const declared = resources.map((r) => r.area.key);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...PERMISSION_AREAS].sort()).toEqual([...declared].sort());
  });

  it("gives each area that others link to a label over its own columns, and finds an area by its key", () => {
    const linked = new Set(resources.flatMap((r) => (r.references ?? []).filter((ref) => ref.noun !== 'file').map((ref) => ref.table)));
    for (const resource of resources.filter((r) => linked.has(r.table))) expect(resource.label, resource.area.key).toBeDefined();
    expect(resourceOf('vehicles').area.key).toBe('vehicles');
    expect(() => resourceOf('spaceships')).toThrow("No area 'spaceships' is declared.");
  });
});
