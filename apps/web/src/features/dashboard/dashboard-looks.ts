import { AlertTriangle, BarChart3, Siren, Truck, UserPlus, Users, Wrench, type LucideIcon } from 'lucide-react';
import { screenPathOf } from '@raahi/domain';

/** Colour families shared by the dashboard's cards and activity icons (light and dark). */
export const TONES = {
  teal: 'bg-primary/10 text-primary',
  blue: 'bg-blue-500/10 text-blue-600 dark:text-blue-300',
  green: 'bg-green-500/10 text-green-700 dark:text-green-300',
  amber: 'bg-amber-500/10 text-amber-700 dark:text-amber-300',
  orange: 'bg-orange-500/10 text-orange-600 dark:text-orange-300',
  red: 'bg-red-500/10 text-red-600 dark:text-red-300',
  purple: 'bg-purple-500/10 text-purple-600 dark:text-purple-300',
} as const;
export type Tone = keyof typeof TONES;

/** How a card of GET /api/dashboard is drawn (its numbers and links come from the server). */
export interface StatLook {
  key: string;
  /** The screen the card belongs to (a role that may not open it does not see the card). */
  to: string;
  noteTone: 'good' | 'warning' | 'critical';
  icon: LucideIcon;
  tone: Tone;
}

export interface QuickAction {
  label: string;
  to: string;
  icon: LucideIcon;
}

/**
 * The dashboard's cards as drawn, by the key of the server's number (spec 000's order), and its quick actions.
 * The figures themselves come from GET /api/dashboard (decision 0036).
 */
export const DASHBOARD_LOOKS: { stats: StatLook[]; quickActions: QuickAction[] } = {
  stats: [
    { key: 'totalVehicles', to: screenPathOf('vehicles'), noteTone: 'good', icon: Truck, tone: 'teal' },
    { key: 'activeDrivers', to: screenPathOf('drivers'), noteTone: 'good', icon: Users, tone: 'blue' },
    { key: 'pendingMaintenance', to: screenPathOf('maintenance'), noteTone: 'warning', icon: Wrench, tone: 'amber' },
    { key: 'openIncidents', to: screenPathOf('incidents'), noteTone: 'critical', icon: Siren, tone: 'red' },
  ],
  quickActions: [
    { label: 'Create New Trip', to: screenPathOf('trips'), icon: Truck },
    { label: 'Add New Driver', to: screenPathOf('drivers'), icon: UserPlus },
    { label: 'View Reports', to: '/reporting', icon: BarChart3 },
    { label: 'Report Incident', to: screenPathOf('incidents'), icon: AlertTriangle },
  ],
};
