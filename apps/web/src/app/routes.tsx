import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/login/login-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PendingAreaPage } from '../features/pending/pending-area-page';
import { VehiclesPage } from '../features/vehicles/vehicles-page';
import { TripsPage } from '../features/trips/trips-page';
import { DriversPage } from '../features/drivers/drivers-page';
import { DriverTrainingPage } from '../features/driver-training/driver-training-page';
import { DriverHealthPage } from '../features/driver-health/driver-health-page';
import { RequireAuth } from './auth';
import { AppLayout } from './layout';
import { screens } from './screens';

/** Areas whose records are not built yet: their route shows the title and a 'not built yet' note. */
const PENDING_AREAS: [path: string, title: string][] = [
  ['/cold-chain', 'Cold Chain Monitoring'],
  ['/maintenance', 'Maintenance & Workshop'],
  ['/service-partners', 'On-Road Service Partners'],
  ['/inventory', 'Inventory Management'],
  ['/incident-emergency', 'Incident & Emergency'],
  ['/fuel-expense', 'Fuel & Expense Management'],
  ['/sales', 'Sales & Orders'],
  ['/partner-fuel-stations', 'Partner Fuel Stations'],
  ['/challan-tracking', 'Challan Tracking'],
  ['/trip-insurance', 'Trip Insurance Management'],
  ['/compliance', 'Compliance Management'],
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
      { path: '/fleet-management', element: <TripsPage /> },
      { path: '/vehicle-management', element: <VehiclesPage /> },
      { path: '/driver-management', element: <DriversPage /> },
      { path: '/driver-training', element: <DriverTrainingPage /> },
      { path: '/driver-health-report', element: <DriverHealthPage /> },
      ...PENDING_AREAS.map(([path, title]) => ({ path, element: <PendingAreaPage title={title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
