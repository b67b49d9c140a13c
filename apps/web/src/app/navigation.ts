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
import { areasOfScreen, can, canManageUsers, canReadActivityLog, SCREEN_KEYS, SCREENS, type PermissionArea, type ScreenKey } from '@raahi/domain';

export interface NavItem {
  label: string;
  path: string;
  icon: LucideIcon;
  /** The record areas the screen shows (one each, or the sections of a page of several); none: every user's. */
  areas?: readonly PermissionArea[];
  /** Shown only to the roles this allows (every role when absent). */
  shownTo?: (role: string) => boolean;
}

/** Each record screen's sidebar icon: a mapped type over the domain's screens, so a screen without one does not compile. */
const SCREEN_ICONS: { readonly [K in ScreenKey]: LucideIcon } = {
  trips: Truck,
  vehicles: Car,
  drivers: Users,
  'driver-training': GraduationCap,
  'driver-health': HeartPulse,
  'cold-chain': Snowflake,
  maintenance: Wrench,
  'service-partners': Handshake,
  inventory: Boxes,
  incidents: Siren,
  'fuel-expenses': Fuel,
  sales: ShoppingCart,
  'partner-fuel-stations': Activity,
  challans: Receipt,
  'trip-insurance': ShieldCheck,
  compliance: ClipboardCheck,
};

/** The sidebar, in the specified order: Dashboard, the record screens in the domain's order (SCREENS), then the others. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboard },
  ...SCREEN_KEYS.map((key) => ({ label: SCREENS[key].label, path: SCREENS[key].path, icon: SCREEN_ICONS[key], areas: areasOfScreen(key) })),
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
