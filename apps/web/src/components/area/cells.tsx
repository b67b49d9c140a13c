import { Badge, type BadgeTone } from '../ui/badge';

/** A status badge coloured by a per-area map of value → tone. */
export function StatusBadge({ value, tones }: { value: string; tones: Record<string, BadgeTone> }) {
  return <Badge tone={tones[value] ?? 'gray'}>{value}</Badge>;
}

export function IdCell({ id }: { id: string }) {
  return <span className="font-mono text-xs">{id}</span>;
}
