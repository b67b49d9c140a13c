import type { AreaKey } from '@raahi/domain';
import type { ResourceDefinition } from '../http/resource';

/**
 * The linked resources, once index.ts has linked them: for a resource's own hooks that read another area's
 * records as the API returns them (a job card resetting its schedule), without importing index.ts (a cycle).
 */
let linked: readonly ResourceDefinition[] = [];

export const registerResources = (resources: readonly ResourceDefinition[]) => void (linked = resources);

export function linkedResource(key: AreaKey): ResourceDefinition {
  const resource = linked.find((r) => r.area.key === key);
  if (!resource) throw new Error(`No area '${key}' is linked yet.`);
  return resource;
}
