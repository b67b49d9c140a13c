import type { ReactNode } from 'react';
import { fileUrl } from '../../lib/api';
import { Badge, type BadgeTone } from '../ui/badge';
import { buttonClasses } from '../ui/button';

/** A status badge coloured by a per-area map of value → tone. */
export function StatusBadge({ value, tones }: { value: string; tones: Record<string, BadgeTone> }) {
  return <Badge tone={tones[value] ?? 'gray'}>{value}</Badge>;
}

export function IdCell({ id }: { id: string }) {
  return <span className="font-mono text-xs">{id}</span>;
}

/** A row action that opens a stored file (downloaded as an attachment); disabled when there is none. */
export function FileAction({ fileId, label, icon }: { fileId: string | null | undefined; label: string; icon: ReactNode }) {
  const classes = buttonClasses('ghost', 'icon-sm', 'text-primary');
  if (!fileId) {
    return (
      <button type="button" className={classes} aria-label={label} title={`${label} (none uploaded)`} disabled>
        {icon}
      </button>
    );
  }
  return (
    <a className={classes} href={fileUrl(fileId)} target="_blank" rel="noopener" aria-label={label} title={label}>
      {icon}
    </a>
  );
}
