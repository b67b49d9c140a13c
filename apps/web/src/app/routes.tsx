import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/login/login-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireAuth } from './auth';
import { AppLayout } from './layout';
import { page } from './page';
import { screens } from './screens';

/**
 * The record areas, each loaded when first opened: the sign-in screen and the shell do not wait for the
 * list machinery, the tables and the forms (route-level code splitting).
 */
const AREAS: RouteObject[] = [
  { path: '/fleet-management', Component: page(async () => (await import('../features/trips/trips-page')).TripsPage) },
  { path: '/vehicle-management', Component: page(async () => (await import('../features/vehicles/vehicles-page')).VehiclesPage) },
  { path: '/driver-management', Component: page(async () => (await import('../features/drivers/drivers-page')).DriversPage) },
  { path: '/driver-training', Component: page(async () => (await import('../features/driver-training/driver-training-page')).DriverTrainingPage) },
  { path: '/driver-health-report', Component: page(async () => (await import('../features/driver-health/driver-health-page')).DriverHealthPage) },
  { path: '/compliance', Component: page(async () => (await import('../features/compliance/compliance-page')).CompliancePage) },
  { path: '/inventory', Component: page(async () => (await import('../features/inventory/inventory-page')).InventoryPage) },
  { path: '/trip-insurance', Component: page(async () => (await import('../features/trip-insurance/trip-insurance-page')).TripInsurancePage) },
  { path: '/maintenance', Component: page(async () => (await import('../features/maintenance/maintenance-page')).MaintenancePage) },
  { path: '/incident-emergency', Component: page(async () => (await import('../features/incidents/incidents-page')).IncidentsPage) },
  { path: '/cold-chain', Component: page(async () => (await import('../features/cold-chain/cold-chain-page')).ColdChainPage) },
  { path: '/service-partners', Component: page(async () => (await import('../features/service-partners/service-partners-page')).ServicePartnersPage) },
  { path: '/fuel-expense', Component: page(async () => (await import('../features/fuel-expenses/fuel-expenses-page')).FuelExpensesPage) },
  { path: '/sales', Component: page(async () => (await import('../features/sales/sales-page')).SalesPage) },
  { path: '/partner-fuel-stations', Component: page(async () => (await import('../features/partner-fuel-stations/partner-fuel-stations-page')).PartnerFuelStationsPage) },
  // A record's page (issue 19): its head and its records in tabs.
  { path: '/fleet-management/:id', Component: page(async () => (await import('../features/record-pages/trip-page')).TripPage) },
  { path: '/vehicle-management/:id', Component: page(async () => (await import('../features/record-pages/vehicle-page')).VehiclePage) },
  { path: '/driver-management/:id', Component: page(async () => (await import('../features/record-pages/driver-page')).DriverPage) },
  { path: '/challan-tracking', Component: page(async () => (await import('../features/challans/challans-page')).ChallansPage) },
];

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      ...screens,
      ...AREAS,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
