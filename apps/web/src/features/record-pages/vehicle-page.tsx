import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { screenPathOf, todayIn, vehiclesArea, type PeriodCost, type StateChip, type Vehicle, type VehicleSummary } from '@raahi/domain';
import { StatusBadge } from '../../components/area/cells';
import { RecordHistory } from '../../components/area/record-history';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { api, ApiError, companyTimeZone } from '../../lib/api';
import { formatDayRange, formatNumber, formatRupees, NA } from '../../lib/format';
import { useCan } from '../../app/use-can';
import { tripsConfig } from '../trips/trips-page';
import { fuelExpensesConfig } from '../fuel-expenses/fuel-expenses-page';
import { refuelingLogsSection } from '../partner-fuel-stations/refueling-logs-section';
import { jobCardsConfig } from '../maintenance/maintenance-page';
import { schedulesSection } from '../maintenance/schedules-section';
import { complianceConfig } from '../compliance/compliance-page';
import { tripInsuranceConfig } from '../trip-insurance/trip-insurance-page';
import { challansConfig } from '../challans/challans-page';
import { incidentsConfig } from '../incidents/incidents-page';
import { Fact, Facts, RecordPage, type RecordTab } from './record-page';

const STATUS_TONES: Record<string, BadgeTone> = { Active: 'green', 'In Maintenance': 'yellow', 'Out of Service': 'red', Sold: 'gray' };

const CHIP_NOUNS: Record<string, [string, string]> = { compliance: ['document', 'documents'], 'service-schedules': ['service', 'services'] };

/** A chip links to the vehicle page's tab filtered to its state (the summary's `href`, e.g. `?tab=documents&documents.expiry=Expired`). */
function Chip({ chip }: { chip: StateChip }) {
  const [one, many] = CHIP_NOUNS[chip.area] ?? ['record', 'records'];
  const tone: BadgeTone = chip.state === 'Due Soon' ? 'yellow' : 'red';
  return (
    <Link to={chip.href} className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="state-chip">
      <Badge tone={tone} className="hover:underline">
        {formatNumber(chip.count)} {chip.count === 1 ? one : many} {chip.state}
      </Badge>
    </Link>
  );
}

/** km per litre to one decimal, N/A without figures. */
const kmPerLitre = (value: number | null | undefined) => (value === null || value === undefined ? NA : `${value.toFixed(1)} km/L`);

/** A figure's name with its window, the dates as written ('Cost per km, 27 Aug – 24 Nov 2026'), not upper-cased. */
const withSpan = (name: string, span: string | undefined) =>
  span ? (
    <>
      {name}
      <span className="normal-case tracking-normal">, {span}</span>
    </>
  ) : (
    name
  );

/** Said beside a cost figure when the role may not view every cost area (the summary's `partial`). */
export const PARTIAL_NOTE = 'only the costs your role may view';

function PartialNote({ cost }: { cost: PeriodCost | undefined }) {
  return cost?.partial ? (
    <span className="block text-xs font-normal text-muted-foreground" data-testid="partial-note">
      {PARTIAL_NOTE}
    </span>
  ) : null;
}

/**
 * The window's costs by kind (the summary's lines, in its order), their total and the km run: compact, under the
 * head's figures. The window is the 90 days up to the vehicle's last odometer reading (decision 0042), said as dates.
 */
function CostBreakdown({ cost }: { cost: PeriodCost }) {
  const records = cost.lines.reduce((sum, line) => sum + line.records, 0);
  const count = (n: number) => `${formatNumber(n)} ${n === 1 ? 'record' : 'records'}`;
  return (
    <section className="grid gap-1.5 border-t pt-3" aria-labelledby="cost-breakdown-title" data-testid="cost-breakdown">
      <h2 id="cost-breakdown-title" className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        Costs<span className="normal-case tracking-normal">, {formatDayRange(cost.from, cost.to)}</span>
        <span className="ml-1 normal-case tracking-normal">
          {/* It ends today only without a reading up to today; else the day before the last reading (decision 0042). */}
          {cost.to >= todayIn(companyTimeZone()) ? '(the last 90 days)' : '(the 90 days up to the last odometer reading)'}
        </span>
      </h2>
      {cost.lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">No costs in these days.</p>
      ) : (
        <table className="w-full max-w-md text-sm tabular-nums">
          <thead className="sr-only">
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Amount</th>
              <th scope="col">Records</th>
            </tr>
          </thead>
          <tbody>
            {cost.lines.map((line) => (
              <tr key={line.kind} data-testid="cost-line">
                <th scope="row" className="py-0.5 pr-4 text-left font-normal">
                  {line.kind}
                </th>
                <td className="py-0.5 pr-4 text-right">{formatRupees(line.amount)}</td>
                <td className="py-0.5 text-right text-muted-foreground">{count(line.records)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t font-medium">
            <tr data-testid="cost-total">
              <th scope="row" className="pt-1 pr-4 text-left">
                Total
              </th>
              <td className="pt-1 pr-4 text-right">{formatRupees(cost.total)}</td>
              <td className="pt-1 text-right text-muted-foreground">{count(records)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="text-sm" data-testid="fact-km-90">
        Distance run: {cost.km === null ? `${NA} (no odometer reading on both sides of the window)` : `${formatNumber(cost.km)} km`}
      </p>
      <PartialNote cost={cost} />
    </section>
  );
}

/** `/vehicle-management/:id`: the vehicle's head (its summary) and its records in tabs. */
export function VehiclePage() {
  const id = useParams().id ?? '';
  const { can } = useCan();
  // km/L merges fuel expenses and refuelling logs: the summary computes it only for a role that may view both.
  const fuelViewable = can('fuel-expenses', 'view') && can('refueling-logs', 'view');
  const vehicle = useQuery({
    queryKey: [vehiclesArea.key, 'record', id],
    queryFn: ({ signal }) => api<Vehicle>(`/api/vehicles/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
  // The figures; until the server offers them (or when it cannot), the head shows the vehicle's own fields.
  const summary = useQuery({
    queryKey: [vehiclesArea.key, 'summary', id],
    queryFn: ({ signal }) => api<VehicleSummary>(`/api/vehicles/${encodeURIComponent(id)}/summary`, { signal }),
    retry: false,
    staleTime: 0,
  });
  const tabs = useMemo((): RecordTab[] => {
    const byVehicle = { vehicleId: id };
    return [
      { key: 'trips', title: 'Trips', config: tripsConfig, fixed: byVehicle },
      { key: 'expenses', title: 'Fuel & Expenses', config: fuelExpensesConfig, fixed: byVehicle },
      { key: 'refuelling', title: 'Refuelling Logs', config: refuelingLogsSection, fixed: byVehicle },
      { key: 'job-cards', title: 'Job Cards', config: jobCardsConfig, fixed: byVehicle },
      { key: 'schedules', title: 'Service Schedules', config: schedulesSection, fixed: byVehicle },
      { key: 'documents', title: 'Documents', config: complianceConfig, fixed: { entityId: id }, initial: { entityArea: 'vehicles' } },
      { key: 'insurance', title: 'Insurance', config: tripInsuranceConfig, fixed: { 'trip.vehicleId': id } },
      { key: 'challans', title: 'Challans', config: challansConfig, fixed: byVehicle },
      { key: 'incidents', title: 'Incidents', config: incidentsConfig, fixed: byVehicle },
      { key: 'history', title: 'History', content: <RecordHistory area={vehiclesArea} recordId={id} expanded /> },
    ];
  }, [id]);

  const s = summary.data;
  const v = vehicle.data;
  const missing =
    vehicle.error instanceof ApiError && vehicle.error.status === 404
      ? `Vehicle ${id} was not found. It may have been deleted.`
      : vehicle.isError
        ? vehicle.error.message
        : null;
  const plate = s?.licensePlate ?? v?.licensePlate;
  const makeModel = s ? `${s.make} ${s.model}` : v ? `${v.make} ${v.model}` : undefined;
  const type = s?.type ?? v?.type;
  const status = s?.status ?? v?.status;
  const odometer = s ? s.odometerKm : v?.currentMileage;
  const cost = s?.last90Days;
  // The window as dates ('27 Aug – 24 Nov 2026'): it ends at the last odometer reading, not today (decision 0042).
  const span = cost ? formatDayRange(cost.from, cost.to) : undefined;
  return (
    <RecordPage
      screen="Vehicle Management"
      area={vehiclesArea.key}
      back={{ to: screenPathOf('vehicles'), label: 'Vehicle Management' }}
      title={plate ?? id}
      subtitle={[makeModel, type].filter(Boolean).join(' · ') || undefined}
      badges={
        <>
          {status && <StatusBadge value={status} tones={STATUS_TONES} />}
          {s?.chips
            .filter((chip) => chip.count > 0)
            .map((chip) => (
              <Chip key={`${chip.area}-${chip.state}`} chip={chip} />
            ))}
        </>
      }
      head={
        <Facts after={cost && <CostBreakdown cost={cost} />}>
          <Fact label="Odometer" testId="fact-odometer">
            {odometer === null || odometer === undefined ? NA : `${formatNumber(odometer)} km`}
          </Fact>
          <Fact label={withSpan('Cost per km', span)} testId="fact-cost-per-km">
            {cost?.costPerKm === null || cost?.costPerKm === undefined ? NA : `${formatRupees(cost.costPerKm)}/km`}
            <PartialNote cost={cost} />
          </Fact>
          {fuelViewable && (
            <Fact label={withSpan('km/L', span)} testId="fact-km-per-litre">
              {kmPerLitre(s?.kmPerLitre)}
            </Fact>
          )}
        </Facts>
      }
      tabs={tabs}
      missing={missing}
    />
  );
}
