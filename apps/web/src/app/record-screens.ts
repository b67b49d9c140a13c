import { AREA_DECLARATIONS, AREAS, RECORD_PATHS, recordAddressOf, type AreaDefinition } from '@raahi/domain';

/** Where an area's records are shown: its screen, and on a screen of several lists its section (URL prefix). */
export interface RecordScreen {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: AreaDefinition<any>;
  path: string;
  section?: string;
}

/** Every record area's screen and section, as the domain declares them (RECORD_PATHS), with its declaration. */
export const RECORD_SCREENS: ReadonlyMap<string, RecordScreen> = new Map(AREAS.map((key) => [key, { area: AREA_DECLARATIONS[key], ...RECORD_PATHS[key] }]));

/**
 * The address of a record's screen with its edit dialog open (`?edit=ID`, or `?section=logs&logs.edit=ID` on a
 * screen of several lists); the screen alone when the record is gone or none is named. Null for an area with no screen.
 */
export function recordAddress(areaKey: string, recordId: string, open = true): string | null {
  // The same addresses the server stores with a notification (domain record-addresses.ts).
  return RECORD_SCREENS.has(areaKey) ? recordAddressOf(areaKey, recordId, open) : null;
}
