import type { RouteObject } from 'react-router';
import { AccountPage } from '../features/account/account-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { PlaceholderPage } from '../features/placeholders/placeholder-page';
import { PLACEHOLDER_SCREENS } from '../features/placeholders/placeholder-screens';
import { SettingsPage } from '../features/settings/settings-page';

/** Dashboard, notifications, account, settings and the placeholder screens. */
export const screens: RouteObject[] = [
  { path: '/', element: <DashboardPage /> },
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/account', element: <AccountPage /> },
  { path: '/settings', element: <SettingsPage /> },
  // /reporting, /ai-predictive, /integrations, /load-optimization
  ...PLACEHOLDER_SCREENS.map((screen) => ({ path: screen.path, element: <PlaceholderPage screen={screen} /> })),
];
