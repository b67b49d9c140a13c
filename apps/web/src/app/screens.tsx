import type { RouteObject } from 'react-router';
import { PLACEHOLDER_SCREENS } from '../features/placeholders/placeholder-screens';
import { page } from './page';

/** Dashboard, notifications, account, the Activity Log, settings, reporting, integrations and the placeholder screens, each loaded when first opened. */
export const screens: RouteObject[] = [
  { path: '/', Component: page(async () => (await import('../features/dashboard/dashboard-page')).DashboardPage) },
  { path: '/notifications', Component: page(async () => (await import('../features/notifications/notifications-page')).NotificationsPage) },
  { path: '/account', Component: page(async () => (await import('../features/account/account-page')).AccountPage) },
  { path: '/activity-log', Component: page(async () => (await import('../features/activity-log/activity-log-page')).ActivityLogPage) },
  { path: '/settings', Component: page(async () => (await import('../features/settings/settings-page')).SettingsPage) },
  // Issue 20: the catalogue, each report and its files (its chart library loads only here).
  { path: '/reporting', Component: page(async () => (await import('../features/reporting/reporting-page')).ReportingPage) },
  // Issue 22: API keys and webhooks (decision 0055); administrators only (navigation.ts).
  { path: '/integrations', Component: page(async () => (await import('../features/integrations/integrations-page')).IntegrationsPage) },
  // /ai-predictive, /load-optimization
  ...PLACEHOLDER_SCREENS.map((screen) => ({
    path: screen.path,
    Component: page(async () => {
      const { PlaceholderPage } = await import('../features/placeholders/placeholder-page');
      return () => <PlaceholderPage screen={screen} />;
    }),
  })),
];
