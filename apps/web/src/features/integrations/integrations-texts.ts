import { Activity, ListChecks, Plug, PlusCircle, ScrollText } from 'lucide-react';
import type { FeatureCardSpec } from '../../components/feature-screen';

/** What a card's button opens on the Integrations screen (decision 0055). */
export type IntegrationsView = 'add' | 'active' | 'sync' | 'errors';

export interface IntegrationsFeature extends FeatureCardSpec {
  view: IntegrationsView;
}

/** Spec 002 §2.4's Third-Party Integrations screen: its title and buttons, kept word for word, now acting (issue 22). */
export const INTEGRATIONS_SCREEN = {
  title: 'Third-Party Integrations',
  description: 'Let your accounting software, GPS vendor or bot read and write Raahi records with an API key, and be told of every change by a signed webhook.',
  icon: Plug,
  features: [
    {
      title: 'New Integration',
      description: 'Make an API key with a role, or a webhook that receives the events you choose.',
      button: 'Add New Integration',
      icon: PlusCircle,
      view: 'add',
    },
    {
      title: 'Active Integrations',
      description: 'Every API key and webhook: who made it, when it was last used; revoke or delete it.',
      button: 'View Active Integrations',
      icon: ListChecks,
      view: 'active',
    },
    {
      title: 'Sync Status',
      description: 'Each webhook delivery: when, which event, the receiver’s answer and how long it took.',
      button: 'Monitor Sync Status',
      icon: Activity,
      view: 'sync',
    },
    {
      title: 'Error Logs',
      description: 'Deliveries that failed after their retries (a day by default), with what the receiver answered.',
      button: 'View Error Logs',
      icon: ScrollText,
      view: 'errors',
    },
  ] satisfies IntegrationsFeature[],
};
