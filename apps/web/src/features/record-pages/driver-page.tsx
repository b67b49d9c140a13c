import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { driversArea, screenPathOf, healthArea, type Driver, type DriverSummary } from '@raahi/domain';
import { FileAction, StatusBadge } from '../../components/area/cells';
import { RecordHistory } from '../../components/area/record-history';
import { Card, CardContent } from '../../components/ui/card';
import type { BadgeTone } from '../../components/ui/badge';
import { api, ApiError } from '../../lib/api';
import { formatDate, NA } from '../../lib/format';
import { useCan } from '../../app/use-can';
import { tripsConfig } from '../trips/trips-page';
import { driverTrainingConfig } from '../driver-training/driver-training-page';
import { driverHealthConfig } from '../driver-health/driver-health-page';
import { complianceConfig } from '../compliance/compliance-page';
import { challansConfig } from '../challans/challans-page';
import { incidentsConfig } from '../incidents/incidents-page';
import { refuelingLogsSection } from '../partner-fuel-stations/refueling-logs-section';
import { Fact, Facts, RecordPage, type RecordTab } from './record-page';

const STATUS_TONES: Record<string, BadgeTone> = { Active: 'green', 'On Leave': 'yellow', Inactive: 'gray', 'Pending Docs': 'orange' };

type DriverRead = Driver & { aadharCardFile?: string | null; aadharCardFileName?: string | null };

/** The Aadhaar card file of the driver record, above the Documents tab's list (personal data only). */
function AadhaarCard({ driver }: { driver: DriverRead | undefined }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-3 pt-5">
        <FileAction fileId={driver?.aadharCardFile} label="Open the Aadhaar card" icon={<FileText />} />
        <span className="font-medium">Aadhaar Card</span>
        <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {driver?.aadharCardFile ? (driver.aadharCardFileName ?? 'Uploaded') : 'None uploaded'}
        </span>
      </CardContent>
    </Card>
  );
}

/** `/driver-management/:id`: the driver's head and records in tabs; Health and the Aadhaar card only with personal data. */
export function DriverPage() {
  const id = useParams().id ?? '';
  const { can } = useCan();
  const driver = useQuery({
    queryKey: [driversArea.key, 'record', id],
    queryFn: ({ signal }) => api<DriverRead>(`/api/drivers/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
  const summary = useQuery({
    queryKey: [driversArea.key, 'summary', id],
    queryFn: ({ signal }) => api<DriverSummary>(`/api/drivers/${encodeURIComponent(id)}/summary`, { signal }),
    retry: false,
    staleTime: 0,
  });
  const s = summary.data;
  const d = driver.data;
  // The summary says whether the user sees personal data; without it, the role's view of health records does.
  const personal = s ? s.personalData : can(healthArea.key, 'view');
  const tabs = useMemo((): RecordTab[] => {
    const byDriver = { driverId: id };
    return [
      { key: 'trips', title: 'Trips', config: tripsConfig, fixed: byDriver },
      { key: 'training', title: 'Training', config: driverTrainingConfig, fixed: byDriver },
      ...(personal ? [{ key: 'health', title: 'Health', config: driverHealthConfig, fixed: byDriver }] : []),
      {
        key: 'documents',
        title: 'Documents',
        config: complianceConfig,
        fixed: { entityId: id },
        initial: { entityArea: 'drivers' },
        before: personal ? <AadhaarCard driver={d} /> : undefined,
      },
      { key: 'challans', title: 'Challans', config: challansConfig, fixed: byDriver },
      { key: 'incidents', title: 'Incidents', config: incidentsConfig, fixed: byDriver },
      { key: 'refuelling', title: 'Refuelling Logs', config: refuelingLogsSection, fixed: byDriver },
      { key: 'history', title: 'History', content: <RecordHistory area={driversArea} recordId={id} expanded /> },
    ];
  }, [id, personal, d]);

  const missing =
    driver.error instanceof ApiError && driver.error.status === 404
      ? `Driver ${id} was not found. They may have been deleted.`
      : driver.isError
        ? driver.error.message
        : null;
  const name = s?.name ?? d?.name;
  const status = s?.status ?? d?.status;
  const joining = s ? s.joiningDate : d?.joiningDate;
  return (
    <RecordPage
      screen="Driver Management"
      area={driversArea.key}
      back={{ to: screenPathOf('drivers'), label: 'Driver Management' }}
      title={name ?? id}
      subtitle={id}
      badges={status && <StatusBadge value={status} tones={STATUS_TONES} />}
      head={
        <Facts>
          <Fact label="License No." testId="fact-license">
            {s?.license ?? d?.license ?? NA}
          </Fact>
          <Fact label="Contact" testId="fact-contact">
            {s?.contact ?? d?.contact ?? NA}
          </Fact>
          <Fact label="Status" testId="fact-status">
            {status ?? NA}
          </Fact>
          <Fact label="Joining Date" testId="fact-joining">
            {formatDate(joining)}
          </Fact>
        </Facts>
      }
      tabs={tabs}
      missing={missing}
    />
  );
}
