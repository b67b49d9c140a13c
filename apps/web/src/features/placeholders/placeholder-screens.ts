import type { FeatureCardSpec } from '../../components/feature-screen';
import {
  AlertTriangle,
  BarChart3,
  BellRing,
  BrainCircuit,
  Calculator,
  LineChart,
  PackagePlus,
  RefreshCw,
  Settings2,
  Share2,
  Weight,
  type LucideIcon,
} from 'lucide-react';

/** One capability a placeholder screen advertises, with its (inert) button. */
export type PlaceholderFeature = FeatureCardSpec;

export interface PlaceholderScreen {
  path: string;
  title: string;
  description: string;
  icon: LucideIcon;
  features: PlaceholderFeature[];
}

/** The screens the specification leaves as descriptive text and buttons that do nothing (002 §2.4); Reporting acts since issue 20 (features/reporting), Integrations since issue 22 (features/integrations). */
export const PLACEHOLDER_SCREENS: PlaceholderScreen[] = [
  {
    path: '/ai-predictive',
    title: 'AI & Predictive Analytics',
    description: 'Forecast breakdowns, delays and fuel use from your fleet history, and act on alerts before problems reach the road.',
    icon: BrainCircuit,
    features: [
      {
        title: 'Predictions',
        description: 'Likely breakdowns, delivery delays and maintenance needs for the coming weeks.',
        button: 'View Predictions',
        icon: LineChart,
      },
      { title: 'AI Alerts', description: 'Choose which predictions raise alerts and who receives them.', button: 'Manage AI Alerts', icon: BellRing },
      { title: 'Model Configuration', description: 'Select the data sources and thresholds each model uses.', button: 'Configure AI Models', icon: Settings2 },
      {
        title: 'Model Training',
        description: 'Retrain the models on your latest trips, maintenance and fuel records.',
        button: 'Retrain Models',
        icon: RefreshCw,
      },
      { title: 'Insights', description: 'Share findings with managers and partners as a summary.', button: 'Share Insights', icon: Share2 },
    ],
  },
  {
    path: '/load-optimization',
    title: 'Load & Capacity Optimization',
    description: 'Plan loads to use every vehicle’s capacity well, stay within legal axle limits and cut empty kilometres.',
    icon: Weight,
    features: [
      { title: 'Load Data', description: 'Enter consignments with weight, volume and destination.', button: 'Input Load Data', icon: PackagePlus },
      { title: 'Utilization', description: 'Charts of weight and volume use per vehicle and per trip.', button: 'View Utilization Charts', icon: BarChart3 },
      { title: 'Efficiency', description: 'Work out the best assignment of loads to vehicles.', button: 'Calculate Efficiency', icon: Calculator },
      {
        title: 'Overload Alerts',
        description: 'Warnings when a planned load exceeds a vehicle’s permitted weight.',
        button: 'Manage Overload Alerts',
        icon: AlertTriangle,
      },
    ],
  },
];
