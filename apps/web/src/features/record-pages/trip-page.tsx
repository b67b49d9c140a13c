import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { screenPathOf, tripsArea, type Trip, type TripMoney } from '@raahi/domain';
import { LinkedLabel, StatusBadge } from '../../components/area/cells';
import { RecordHistory } from '../../components/area/record-history';
import type { BadgeTone } from '../../components/ui/badge';
import { api, ApiError } from '../../lib/api';
import { formatDateTime, formatNumber, formatRupees, NA } from '../../lib/format';
import { recordAddress } from '../../app/record-screens';
import { useCan } from '../../app/use-can';
import { fuelExpensesConfig } from '../fuel-expenses/fuel-expenses-page';
import { refuelingLogsSection } from '../partner-fuel-stations/refueling-logs-section';
import { challansConfig } from '../challans/challans-page';
import { coldChainConfig } from '../cold-chain/cold-chain-page';
import { tripInsuranceConfig } from '../trip-insurance/trip-insurance-page';
import { Fact, Facts, RecordPage, type RecordTab } from './record-page';

const STATUS_TONES: Record<string, BadgeTone> = { 'In Transit': 'blue', Delivered: 'green', Scheduled: 'yellow', Delayed: 'orange', Cancelled: 'red' };

/**
 * A trip as its read answers it: the trip's fields and labels, and (issue 19) its money and sales order. Those are
 * added by the server as they come, so each may be absent here: absent reads as N/A.
 */
type TripRead = Trip &
  Partial<TripMoney> & {
    freight?: number | null;
    distanceKm?: number | null;
    salesOrderId?: string | null;
    salesOrderLabel?: string | null;
    salesOrderCustomer?: string | null;
    customerName?: string | null;
  };

const rupees = (value: number | null | undefined) => (value === null || value === undefined ? NA : formatRupees(value));
const perKm = (value: number | null | undefined) => (value === null || value === undefined ? NA : `${formatRupees(value)}/km`);

/** The trip's sales order, linking to it on the Sales screen where the user may view orders. */
function SalesOrder({ trip }: { trip: TripRead }) {
  const { can } = useCan();
  if (!trip.salesOrderId) return <>{NA}</>;
  const text = trip.salesOrderLabel ?? trip.salesOrderId;
  const to = can('sales-orders', 'view') ? recordAddress('sales-orders', trip.salesOrderId) : null;
  return to ? (
    <Link to={to} className="text-primary underline-offset-2 hover:underline">
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

/** `/fleet-management/:id`: the trip with its vehicle, driver, sales order and money, and its records in tabs. */
export function TripPage() {
  const id = useParams().id ?? '';
  const trip = useQuery({
    queryKey: [tripsArea.key, 'record', id],
    queryFn: ({ signal }) => api<TripRead>(`/api/trips/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    staleTime: 0,
  });
  const tabs = useMemo((): RecordTab[] => {
    const byTrip = { tripId: id };
    return [
      { key: 'expenses', title: 'Expenses', config: fuelExpensesConfig, fixed: byTrip },
      // Refuelling logs and challans name a trip once the server offers it; until then their filter is refused and the tab is left out.
      { key: 'refuelling', title: 'Refuelling Logs', config: refuelingLogsSection, fixed: byTrip },
      { key: 'challans', title: 'Challans', config: challansConfig, fixed: byTrip },
      { key: 'cold-chain', title: 'Cold Chain', config: coldChainConfig, fixed: byTrip },
      { key: 'insurance', title: 'Insurance', config: tripInsuranceConfig, fixed: byTrip },
      { key: 'history', title: 'History', content: <RecordHistory area={tripsArea} recordId={id} expanded /> },
    ];
  }, [id]);

  const t = trip.data;
  // A trip's cost, margin and cost per km come from records the role may need to view (fuel & expenses, refuelling
  // logs, challans): the server leaves them out for a role that may not, and the page leaves out their facts.
  const { hidden } = useCan();
  const shows = (field: string) => !hidden(tripsArea.key).includes(field);
  const missing =
    trip.error instanceof ApiError && trip.error.status === 404
      ? `Trip ${id} was not found. It may have been deleted.`
      : trip.isError
        ? trip.error.message
        : null;
  const customer = t?.salesOrderCustomer ?? t?.customerName ?? null;
  return (
    <RecordPage
      screen="Fleet & Trip Management"
      area={tripsArea.key}
      back={{ to: screenPathOf('trips'), label: 'Fleet & Trip Management' }}
      title={t ? `${t.id}: ${t.origin} → ${t.destination}` : id}
      badges={t && <StatusBadge value={t.status} tones={STATUS_TONES} />}
      head={
        t && (
          <Facts>
            <Fact label="Vehicle" testId="fact-vehicle">
              <LinkedLabel label={t.vehicleLabel ?? t.vehicleId} keep="tail" area="vehicles" id={t.vehicleId} />
            </Fact>
            <Fact label="Driver" testId="fact-driver">
              <LinkedLabel label={t.driverLabel ?? t.driverId} keep="both" area="drivers" id={t.driverId} />
            </Fact>
            <Fact label="Sales Order" testId="fact-sales-order">
              <SalesOrder trip={t} />
            </Fact>
            <Fact label="Customer" testId="fact-customer">
              {customer ?? NA}
            </Fact>
            <Fact label="Start Date">{formatDateTime(t.startDate)}</Fact>
            <Fact label="ETA">{formatDateTime(t.eta)}</Fact>
            <Fact label="End Date">{formatDateTime(t.endDate)}</Fact>
            <Fact label="Distance" testId="fact-distance">
              {t.distanceKm === null || t.distanceKm === undefined ? NA : `${formatNumber(t.distanceKm)} km`}
            </Fact>
            <Fact label="Freight" testId="fact-freight">
              {rupees(t.freight)}
            </Fact>
            {shows('cost') && (
              <Fact label="Cost" testId="fact-cost">
                {rupees(t.cost)}
              </Fact>
            )}
            {shows('margin') && (
              <Fact label="Margin" testId="fact-margin">
                {rupees(t.margin)}
              </Fact>
            )}
            {shows('costPerKm') && (
              <Fact label="Cost per km" testId="fact-cost-per-km">
                {perKm(t.costPerKm)}
              </Fact>
            )}
            <Fact label="Revenue per km" testId="fact-revenue-per-km">
              {perKm(t.revenuePerKm)}
            </Fact>
          </Facts>
        )
      }
      tabs={tabs}
      missing={missing}
    />
  );
}
