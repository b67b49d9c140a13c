import { BarChart3, Download, FileBarChart, Fuel, Gauge, IndianRupee } from 'lucide-react';
import type { FeatureCardSpec } from '../../components/feature-screen';
import type { ReportKey } from '@raahi/domain';

/** What a feature card's button does on the Reporting screen (issue 20). */
export type ReportingAction = { kind: 'catalogue' } | { kind: 'report'; report: ReportKey } | { kind: 'kpi' };

export interface ReportingFeature extends FeatureCardSpec {
  action: ReportingAction;
}

/** Spec 002 §2.4's Dashboard & Reporting screen: its title and buttons, kept word for word, now acting. */
export const REPORTING_SCREEN = {
  title: 'Dashboard & Reporting',
  description: 'Build reports on trips, vehicles, drivers and costs, follow your key performance indicators and export the results.',
  icon: BarChart3,
  features: [
    {
      title: 'Custom Reports',
      description: 'Trip, vehicle and driver reports for any date range, depot or customer.',
      button: 'Generate New Report',
      icon: FileBarChart,
      action: { kind: 'catalogue' },
    },
    // Opens the KPI dashboard (/reporting?view=kpi, GET /api/reports/kpi, decision 0050).
    {
      title: 'KPI Dashboard',
      description: 'On-time delivery, utilisation, fuel efficiency and downtime at a glance.',
      button: 'View KPI Dashboard',
      icon: Gauge,
      action: { kind: 'kpi' },
    },
    {
      title: 'Export',
      description: 'Download any report as a spreadsheet or a printable document.',
      button: 'Export Reports (CSV, PDF)',
      icon: Download,
      action: { kind: 'catalogue' },
    },
    {
      title: 'Cost Reports',
      description: 'Fuel, maintenance, tolls and challans per vehicle, per trip and per kilometre in rupees.',
      button: 'View Cost Reports',
      icon: IndianRupee,
      action: { kind: 'report', report: 'cost-per-km' },
    },
    {
      title: 'Fuel Consumption Analytics',
      description: 'Mileage trends by vehicle, route and driver, with unusual consumption flagged.',
      button: 'View Fuel Analytics',
      icon: Fuel,
      action: { kind: 'report', report: 'fuel-economy' },
    },
  ] satisfies ReportingFeature[],
};
