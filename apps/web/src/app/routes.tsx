import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RECORD_PAGE_AREAS, SCREEN_KEYS, SCREENS, screenPathOf, type RecordPageArea, type ScreenKey } from '@raahi/domain';
import { LoginPage } from '../features/login/login-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireAuth } from './auth';
import { AppLayout } from './layout';
import { page } from './page';
import { screens } from './screens';

/**
 * Each record screen's page and each record page, loaded when first opened: the sign-in screen and the shell do not
 * wait for the list machinery, the tables and the forms (route-level code splitting). Mapped types over the domain's
 * screens (SCREENS) and record pages (RECORD_PAGE_AREAS): a screen without its page does not compile.
 */
const SCREEN_PAGES: { readonly [K in ScreenKey]: ComponentType } = {
  trips: page(async () => (await import('../features/trips/trips-page')).TripsPage),
  vehicles: page(async () => (await import('../features/vehicles/vehicles-page')).VehiclesPage),
  drivers: page(async () => (await import('../features/drivers/drivers-page')).DriversPage),
  'driver-training': page(async () => (await import('../features/driver-training/driver-training-page')).DriverTrainingPage),
  'driver-health': page(async () => (await import('../features/driver-health/driver-health-page')).DriverHealthPage),
  'cold-chain': page(async () => (await import('../features/cold-chain/cold-chain-page')).ColdChainPage),
  maintenance: page(async () => (await import('../features/maintenance/maintenance-page')).MaintenancePage),
  'service-partners': page(async () => (await import('../features/service-partners/service-partners-page')).ServicePartnersPage),
  inventory: page(async () => (await import('../features/inventory/inventory-page')).InventoryPage),
  incidents: page(async () => (await import('../features/incidents/incidents-page')).IncidentsPage),
  'fuel-expenses': page(async () => (await import('../features/fuel-expenses/fuel-expenses-page')).FuelExpensesPage),
  sales: page(async () => (await import('../features/sales/sales-page')).SalesPage),
  'partner-fuel-stations': page(async () => (await import('../features/partner-fuel-stations/partner-fuel-stations-page')).PartnerFuelStationsPage),
  challans: page(async () => (await import('../features/challans/challans-page')).ChallansPage),
  'trip-insurance': page(async () => (await import('../features/trip-insurance/trip-insurance-page')).TripInsurancePage),
  compliance: page(async () => (await import('../features/compliance/compliance-page')).CompliancePage),
};

/** A record's page (issue 19): its head and its records in tabs, at its screen's path and the record's id. */
const RECORD_PAGES: { readonly [K in RecordPageArea]: ComponentType } = {
  vehicles: page(async () => (await import('../features/record-pages/vehicle-page')).VehiclePage),
  drivers: page(async () => (await import('../features/record-pages/driver-page')).DriverPage),
  trips: page(async () => (await import('../features/record-pages/trip-page')).TripPage),
};

const AREAS: RouteObject[] = [
  ...SCREEN_KEYS.map((key) => ({ path: SCREENS[key].path, Component: SCREEN_PAGES[key] })),
  ...RECORD_PAGE_AREAS.map((area) => ({ path: `${screenPathOf(area)}/:id`, Component: RECORD_PAGES[area] })),
];

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [...screens, ...AREAS, { path: '*', element: <NotFoundPage /> }],
  },
];
