import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded when it is first shown (route-level code splitting). React's lazy, not the router's: the router
 * loads a route's own `lazy` before it renders anything, so a signed-out first visit to / fetched the dashboard's
 * thirty files before the sign-in form could show (4.3 s on a slow line). Shown inside the layout's Suspense, the
 * screen's files load only once someone signed in is there to see it.
 */
export function page(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}
