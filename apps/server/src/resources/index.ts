import type { ResourceDefinition } from '../http/resource';
import { healthResource } from './driver-health';
import { trainingResource } from './driver-training';
import { driversResource } from './drivers';
import { tripsResource } from './trips';
import { vehiclesResource } from './vehicles';

/** Every record area the API serves, mounted at /api/<area.key>. */
export const resources: ResourceDefinition[] = [vehiclesResource, driversResource, tripsResource, trainingResource, healthResource];
