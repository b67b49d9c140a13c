import { AREA_SCREENS, AREAS, isAreaKey, screenPathOf, type AreaKey } from './areas';

/**
 * Where each record area's list is shown in the web app: its screen, and on a screen of several lists its
 * section, from its screen (areas.ts). The web app builds its links from it (apps/web/src/app/record-screens.ts)
 * and the server the links it stores with a notification (issue 18), so both point at the same place.
 */
export interface RecordPath {
  path: string;
  section?: string;
}

/** Every area's path and section, computed from its screen (areas.ts). */
export const RECORD_PATHS: Readonly<Record<AreaKey, RecordPath>> = Object.fromEntries(
  AREAS.map((area) => {
    const { section } = AREA_SCREENS[area];
    return [area, section ? { path: screenPathOf(area), section } : { path: screenPathOf(area) }];
  }),
) as Record<AreaKey, RecordPath>;

/**
 * The address of a record's screen with its edit dialog open (`?edit=ID`, or `?section=logs&logs.edit=ID` on a
 * screen of several lists); the screen alone when `open` is false or no record is named. Null for an area with no screen.
 */
export function recordAddressOf(areaKey: string, recordId: string, open = true): string | null {
  const screen = isAreaKey(areaKey) ? RECORD_PATHS[areaKey] : undefined;
  if (!screen) return null;
  const params = new URLSearchParams();
  if (screen.section) params.set('section', screen.section);
  if (open && recordId) params.set(screen.section ? `${screen.section}.edit` : 'edit', recordId);
  const query = params.toString();
  return query ? `${screen.path}?${query}` : screen.path;
}
