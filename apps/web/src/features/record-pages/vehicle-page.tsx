import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { vehiclesArea, type StateChip, type Vehicle, type VehicleSummary } from '@raahi/domain';
import { StatusBadge } from '../../components/area/cells';
import { RecordHistory } from '../../components/area/record-history';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { api, ApiError } from '../../lib/api';
import { formatNumber, formatRupees, NA } from '../../lib/format';
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

/** `/vehicle-management/:id`: the vehicle's head (its summary) and its records in tabs. */
export function VehiclePage() {
  const id = useParams().id ?? '';
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
  const missing = vehicle.error instanceof ApiError && vehicle.error.status === 404 ? `Vehicle ${id} was not found. It may have been deleted.` : vehicle.isError ? vehicle.error.message : null;
  const plate = s?.licensePlate ?? v?.licensePlate;
  const makeModel = s ? `${s.make} ${s.model}` : v ? `${v.make} ${v.model}` : undefined;
  const type = s?.type ?? v?.type;
  const status = s?.status ?? v?.status;
  const odometer = s ? s.odometerKm : v?.currentMileage;
  const cost = s?.last90Days;
  return (
    <RecordPage
      screen="Vehicle Management"
      area={vehiclesArea.key}
      back={{ to: '/vehicle-management', label: 'Vehicle Management' }}
      title={plate ?? id}
      subtitle={[makeModel, type].filter(Boolean).join(' · ') || undefined}
      badges={
        <>
          {status && <StatusBadge value={status} tones={STATUS_TONES} />}
          {s?.chips.filter((chip) => chip.count > 0).map((chip) => <Chip key={`${chip.area}-${chip.state}`} chip={chip} />)}
        </>
      }
      head={
        <Facts>
          <Fact label="Odometer" testId="fact-odometer">
            {odometer === null || odometer === undefined ? NA : `${formatNumber(odometer)} km`}
          </Fact>
          <Fact label="Cost per km (90 days)" testId="fact-cost-per-km">
            {cost?.costPerKm === null || cost?.costPerKm === undefined ? NA : `${formatRupees(cost.costPerKm)}/km`}
          </Fact>
          <Fact label="km/L (90 days)" testId="fact-km-per-litre">
            {kmPerLitre(s?.kmPerLitre)}
          </Fact>
          <Fact label="Cost (90 days)" testId="fact-cost-90">
            {formatRupees(cost?.total)}
          </Fact>
          <Fact label="km (90 days)" testId="fact-km-90">
            {cost?.km === null || cost?.km === undefined ? NA : `${formatNumber(cost.km)} km`}
          </Fact>
        </Facts>
      }
      tabs={tabs}
      missing={missing}
    />
  );
}
