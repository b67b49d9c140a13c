import { useState } from 'react';
import { FeatureCards, FeatureScreenHeader } from '../../components/feature-screen';
import { ActiveIntegrationsDialog } from './active-integrations-dialog';
import { AddIntegrationDialog } from './add-integration-dialog';
import { DeliveriesDialog } from './deliveries-dialog';
import { INTEGRATIONS_SCREEN, type IntegrationsView } from './integrations-texts';

/** /integrations (spec 002 §2.4, issue 22, decision 0055): the screen's title and four buttons, now acting. Administrators only (navigation.ts). */
export function IntegrationsPage() {
  const [view, setView] = useState<IntegrationsView | null>(null);
  const openChange = (which: IntegrationsView) => (open: boolean) => setView(open ? which : null);
  return (
    <div className="grid gap-6">
      <FeatureScreenHeader icon={INTEGRATIONS_SCREEN.icon} title={INTEGRATIONS_SCREEN.title} description={INTEGRATIONS_SCREEN.description} />
      <FeatureCards features={INTEGRATIONS_SCREEN.features} onAct={(feature) => setView(feature.view)} />
      <AddIntegrationDialog open={view === 'add'} onOpenChange={openChange('add')} />
      <ActiveIntegrationsDialog open={view === 'active'} onOpenChange={openChange('active')} />
      {/* Keyed by view: each list starts at its first page. */}
      {(view === 'sync' || view === 'errors') && <DeliveriesDialog key={view} view={view} open onOpenChange={openChange(view)} />}
    </div>
  );
}
