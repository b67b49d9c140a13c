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
import { can, canManageUsers, canReadActivityLog, type PermissionArea } from '@raahi/domain';

export interface NavItem {
  label: string;
  path: string;
  icon: LucideIcon;
  /** The record areas the screen shows (one each, or the sections of a page of several); none: every user's. */
  areas?: readonly PermissionArea[];
  /** Shown only to the roles this allows (every role when absent). */
  shownTo?: (role: string) => boolean;
}

/** The sidebar, in the specified order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboard },
  { label: 'Fleet & Trips', path: '/fleet-management', icon: Truck, areas: ['trips'] },
  { label: 'Vehicles', path: '/vehicle-management', icon: Car, areas: ['vehicles'] },
  { label: 'Drivers', path: '/driver-management', icon: Users, areas: ['drivers'] },
  { label: 'Driver Training', path: '/driver-training', icon: GraduationCap, areas: ['driver-training'] },
  { label: 'Driver Health', path: '/driver-health-report', icon: HeartPulse, areas: ['driver-health'] },
  { label: 'Cold Chain', path: '/cold-chain', icon: Snowflake, areas: ['cold-chain'] },
  { label: 'Maintenance', path: '/maintenance', icon: Wrench, areas: ['maintenance'] },
  { label: 'Service Partners', path: '/service-partners', icon: Handshake, areas: ['service-partners'] },
  { label: 'Inventory', path: '/inventory', icon: Boxes, areas: ['inventory'] },
  { label: 'Incidents', path: '/incident-emergency', icon: Siren, areas: ['incidents'] },
  { label: 'Fuel & Expenses', path: '/fuel-expense', icon: Fuel, areas: ['fuel-expenses'] },
  { label: 'Sales & Orders', path: '/sales', icon: ShoppingCart, areas: ['sales-leads', 'sales-quotations', 'sales-orders'] },
  { label: 'Partner Fuel Stations', path: '/partner-fuel-stations', icon: Activity, areas: ['partner-fuel-stations', 'refueling-logs', 'fuel-station-invoices'] },
  { label: 'Challan Tracking', path: '/challan-tracking', icon: Receipt, areas: ['challans'] },
  { label: 'Trip Insurance', path: '/trip-insurance', icon: ShieldCheck, areas: ['trip-insurance'] },
  { label: 'Compliance', path: '/compliance', icon: ClipboardCheck, areas: ['compliance'] },
  { label: 'Reporting', path: '/reporting', icon: BarChart3 },
  { label: 'AI Predictive', path: '/ai-predictive', icon: BrainCircuit },
  { label: 'Load Optimization', path: '/load-optimization', icon: Weight },
  // API keys and webhooks reach every record: administrators only, as the server has it (decision 0053).
  { label: 'Integrations', path: '/integrations', icon: Plug, shownTo: canManageUsers },
  { label: 'Activity Log', path: '/activity-log', icon: History, shownTo: canReadActivityLog },
  { label: 'Settings', path: '/settings', icon: Settings },
];

/** Whether a role may open a screen: one of its areas it may view, or a screen of no area. */
export const mayOpen = (role: string, item: Pick<NavItem, 'areas' | 'shownTo'>): boolean =>
  (!item.shownTo || item.shownTo(role)) && (!item.areas || item.areas.some((area) => can(role, area, 'view')));

/** The screen at a path (its sidebar item), if it is one. */
export const navItemAt = (path: string): NavItem | undefined => NAV_ITEMS.find((item) => item.path === path);

/** Whether a role may open the screen at a path (a path that is not a screen of an area: yes). */
export const mayOpenPath = (role: string, path: string): boolean => {
  const item = navItemAt(path);
  return !item || mayOpen(role, item);
};
