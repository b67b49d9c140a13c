import { canReadActivityLog } from '@raahi/domain';
import {
  Activity,
  BarChart3,
  Boxes,
  BrainCircuit,
  ClipboardCheck,
  Fuel,
  GraduationCap,
  Handshake,
  History,
  HeartPulse,
  LayoutDashboard,
  Plug,
  Receipt,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Siren,
  Snowflake,
  Truck,
  Users,
  Weight,
  Wrench,
  Car,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  path: string;
  icon: LucideIcon;
  /** Shown only to the roles this allows (every role when absent). */
  shownTo?: (role: string) => boolean;
}

/** The sidebar, in the specified order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboard },
  { label: 'Fleet & Trips', path: '/fleet-management', icon: Truck },
  { label: 'Vehicles', path: '/vehicle-management', icon: Car },
  { label: 'Drivers', path: '/driver-management', icon: Users },
  { label: 'Driver Training', path: '/driver-training', icon: GraduationCap },
  { label: 'Driver Health', path: '/driver-health-report', icon: HeartPulse },
  { label: 'Cold Chain', path: '/cold-chain', icon: Snowflake },
  { label: 'Maintenance', path: '/maintenance', icon: Wrench },
  { label: 'Service Partners', path: '/service-partners', icon: Handshake },
  { label: 'Inventory', path: '/inventory', icon: Boxes },
  { label: 'Incidents', path: '/incident-emergency', icon: Siren },
  { label: 'Fuel & Expenses', path: '/fuel-expense', icon: Fuel },
  { label: 'Sales & Orders', path: '/sales', icon: ShoppingCart },
  { label: 'Partner Fuel Stations', path: '/partner-fuel-stations', icon: Activity },
  { label: 'Challan Tracking', path: '/challan-tracking', icon: Receipt },
  { label: 'Trip Insurance', path: '/trip-insurance', icon: ShieldCheck },
  { label: 'Compliance', path: '/compliance', icon: ClipboardCheck },
  { label: 'Reporting', path: '/reporting', icon: BarChart3 },
  { label: 'AI Predictive', path: '/ai-predictive', icon: BrainCircuit },
  { label: 'Load Optimization', path: '/load-optimization', icon: Weight },
  { label: 'Integrations', path: '/integrations', icon: Plug },
  { label: 'Activity Log', path: '/activity-log', icon: History, shownTo: canReadActivityLog },
  { label: 'Settings', path: '/settings', icon: Settings },
];
