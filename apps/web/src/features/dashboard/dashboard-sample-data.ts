import {
  AlertTriangle,
  BarChart3,
  Siren,
  Truck,
  UserPlus,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

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

export interface DashboardStat {
  title: string;
  value: string;
  note: string;
  noteTone: 'good' | 'warning' | 'critical';
  to: string;
  icon: LucideIcon;
  tone: Tone;
}

export interface QuickAction {
  label: string;
  to: string;
  icon: LucideIcon;
}

export interface PerformanceFigure {
  label: string;
  value: string;
  /** How full the bar is drawn, 0 to 100. */
  bar: number;
}

/**
 * The dashboard's figures. The specification makes every one of them static sample data; a later change
 * replaces this constant with figures from the server (Recent Activity already reads the change log).
 */
export const DASHBOARD_SAMPLE_DATA: {
  stats: DashboardStat[];
  quickActions: QuickAction[];
  performance: PerformanceFigure[];
} = {
  stats: [
    { title: 'Total Vehicles', value: '75', note: '+5 this month', noteTone: 'good', to: '/vehicle-management', icon: Truck, tone: 'teal' },
    { title: 'Active Drivers', value: '62', note: '+2 new', noteTone: 'good', to: '/driver-management', icon: Users, tone: 'blue' },
    { title: 'Pending Maintenance', value: '8', note: '3 overdue', noteTone: 'warning', to: '/maintenance', icon: Wrench, tone: 'amber' },
    { title: 'Open Incidents', value: '3', note: '1 critical', noteTone: 'critical', to: '/incident-emergency', icon: Siren, tone: 'red' },
  ],
  quickActions: [
    { label: 'Create New Trip', to: '/fleet-management', icon: Truck },
    { label: 'Add New Driver', to: '/driver-management', icon: UserPlus },
    { label: 'View Reports', to: '/reporting', icon: BarChart3 },
    { label: 'Report Incident', to: '/incident-emergency', icon: AlertTriangle },
  ],
  performance: [
    { label: 'On-time Delivery', value: '92%', bar: 92 },
    { label: 'Avg Fuel Eco', value: '4.5 km/L', bar: 56 },
  ],
};
