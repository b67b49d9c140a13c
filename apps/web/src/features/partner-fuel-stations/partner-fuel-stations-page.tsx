import { AreaSectionsPage } from '../../components/area/area-page';
import { invoicesSection } from './invoices-section';
import { refuelingLogsSection } from './refueling-logs-section';
import { stationsSection } from './stations-section';

const SECTIONS = [
  { prefix: 'stations', config: stationsSection },
  { prefix: 'logs', config: refuelingLogsSection },
  { prefix: 'invoices', config: invoicesSection },
];

export function PartnerFuelStationsPage() {
  return (
    <AreaSectionsPage title="Partner Fuel Stations" subtitle="Manage partner stations, log refuelings, and settle station invoices." sections={SECTIONS} />
  );
}
