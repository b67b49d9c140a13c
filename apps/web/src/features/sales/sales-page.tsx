import { AreaSectionsPage } from '../../components/area/area-page';
import { leadsConfig } from './leads-section';
import { ordersConfig } from './orders-section';
import { quotationsConfig } from './quotations-section';

const SECTIONS = [
  { prefix: 'leads', config: leadsConfig },
  { prefix: 'quotations', config: quotationsConfig },
  { prefix: 'orders', config: ordersConfig },
] as const;

export function SalesPage() {
  return <AreaSectionsPage title="Sales & Orders" subtitle="Track leads, price quotations and confirmed sales orders." sections={SECTIONS} />;
}
