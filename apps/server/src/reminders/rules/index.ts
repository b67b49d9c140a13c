import type { ReminderRule } from '../rule';
import { challansRule } from './challans';
import { coldChainRule } from './cold-chain';
import { documentsRule } from './documents';
import { healthRule } from './health';
import { insuranceRule } from './insurance';
import { reorderRule } from './reorder';
import { serviceRule } from './service';
import { trainingRule } from './training';
import { tripsRule } from './trips';

/** Every reminder rule the runner evaluates, in order. A new rule is one more entry. */
export const REMINDER_RULES: readonly ReminderRule[] = [
  documentsRule,
  insuranceRule,
  healthRule,
  trainingRule,
  serviceRule,
  reorderRule,
  challansRule,
  tripsRule,
  coldChainRule,
];
