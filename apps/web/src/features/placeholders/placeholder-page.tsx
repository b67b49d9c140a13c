import { Info } from 'lucide-react';
import { FeatureCards, FeatureScreenHeader } from '../../components/feature-screen';
import type { PlaceholderScreen } from './placeholder-screens';

/** A screen that only describes what it will do: every button is inert by specification. */
export function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  return (
    <div className="grid gap-6">
      <FeatureScreenHeader icon={screen.icon} title={screen.title} description={screen.description} />
      <div className="flex items-center gap-3 rounded-lg border border-dashed bg-card px-4 py-3 text-sm text-muted-foreground">
        <Info className="size-4 shrink-0 text-primary" />
        This module is in preview: its actions are not available yet.
      </div>
      <FeatureCards features={screen.features} />
    </div>
  );
}
