import type { RouteObject } from 'react-router';
import { PLACEHOLDER_SCREENS } from '../features/placeholders/placeholder-screens';

/** Dashboard, notifications, account, the Activity Log, settings, reporting, integrations and the placeholder screens, each loaded when first opened. */
export const screens: RouteObject[] = [
  { path: '/', lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }) },
  { path: '/notifications', lazy: async () => ({ Component: (await import('../features/notifications/notifications-page')).NotificationsPage }) },
  { path: '/account', lazy: async () => ({ Component: (await import('../features/account/account-page')).AccountPage }) },
  { path: '/activity-log', lazy: async () => ({ Component: (await import('../features/activity-log/activity-log-page')).ActivityLogPage }) },
  { path: '/settings', lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }) },
  // Issue 20: the catalogue, each report and its files (its chart library loads only here).
  { path: '/reporting', lazy: async () => ({ Component: (await import('../features/reporting/reporting-page')).ReportingPage }) },
  // Issue 22: API keys and webhooks (decision 0055); administrators only (navigation.ts).
  { path: '/integrations', lazy: async () => ({ Component: (await import('../features/integrations/integrations-page')).IntegrationsPage }) },
  // /ai-predictive, /load-optimization
  ...PLACEHOLDER_SCREENS.map((screen) => ({
    path: screen.path,
    lazy: async () => {
      const { PlaceholderPage } = await import('../features/placeholders/placeholder-page');
      return { Component: () => <PlaceholderPage screen={screen} /> };
    },
  })),
];
