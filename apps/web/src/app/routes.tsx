import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/login/login-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PendingAreaPage } from '../features/pending/pending-area-page';
import { VehiclesPage } from '../features/vehicles/vehicles-page';
import { RequireAuth } from './auth';
import { AppLayout } from './layout';
import { screens } from './screens';

/** Areas whose records are not built yet: their route shows the title and a 'not built yet' note. */
const PENDING_AREAS: [path: string, title: string][] = [
  ['/fleet-management', 'Fleet & Trip Management'],
  ['/driver-management', 'Driver Management'],
  ['/driver-training', 'Driver Training'],
  ['/driver-health-report', 'Driver Health Reports'],
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
      { path: '/vehicle-management', element: <VehiclesPage /> },
      ...PENDING_AREAS.map(([path, title]) => ({ path, element: <PendingAreaPage title={title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
