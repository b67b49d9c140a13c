import { SALES_STATUS_COLOURS } from '@raahi/domain';
import { StatusBadge } from '../../components/area/cells';
import type { BadgeTone } from '../../components/ui/badge';

const TONES: Record<string, BadgeTone> = SALES_STATUS_COLOURS;

/** A lead, quotation, order or payment status in the colour of spec 002 §4 (one map for the three sections). */
export function SalesStatusBadge({ value }: { value: string }) {
  return <StatusBadge value={value} tones={TONES} />;
}
