import type { ResourceDefinition } from '../http/resource';
import { vehiclesResource } from './vehicles';

/** Every record area the API serves, mounted at /api/<area.key>. */
export const resources: ResourceDefinition[] = [vehiclesResource];
