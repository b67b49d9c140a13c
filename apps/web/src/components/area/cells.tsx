import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Star, StarHalf } from 'lucide-react';
import { hasRecordPage, recordPageOf } from '@raahi/domain';
import { useCan } from '../../app/use-can';
import { NA } from '../../lib/format';
import { fileUrl } from '../../lib/api';
import { Badge, type BadgeTone } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../ui/dropdown-menu';

/** A status badge coloured by a per-area map of value → tone. */
export function StatusBadge({ value, tones }: { value: string; tones: Record<string, BadgeTone> }) {
  return <Badge tone={tones[value] ?? 'gray'}>{value}</Badge>;
}

/**
 * A record's text as a link to its page (`/vehicle-management/VEH…`, on a tab when named) where the area has one and
 * the user's role may view it; else the text alone. The text, its title and the list's search are unchanged.
 */
export function RecordLink({
  area,
  id,
  tab,
  children,
  className,
}: {
  area: string;
  id: string | null | undefined;
  tab?: string;
  children: ReactNode;
  className?: string;
}) {
  const { can } = useCan();
  if (!id || !hasRecordPage(area) || !can(area, 'view')) return <>{children}</>;
  return (
    <Link to={recordPageOf(area, id, tab)} className={`text-primary underline-offset-2 hover:underline ${className ?? ''}`}>
      {children}
    </Link>
  );
}

/** A linked vehicle by its plate (what a fuel slip or a challan names), never cut, the whole vehicle on hover; N/A for none. Links to its page. */
export function VehiclePlateCell({ record }: { record: { vehicleId: string | null; vehiclePlate: string | null; vehicleLabel: string | null } }) {
  return (
    <span className="whitespace-nowrap" title={record.vehicleLabel ?? undefined}>
      <RecordLink area="vehicles" id={record.vehicleId}>
        {record.vehiclePlate ?? record.vehicleId ?? NA}
      </RecordLink>
    </span>
  );
}

/**
 * A linked record's label, 'head (tail)' ('make model (plate)', 'name (id)', 'id (origin → destination)'), its
 * text kept whole for screen readers and copying. The part that identifies the record (`keep`) is never cut: it
 * moves to a second line when the line is full, and only the other part may end in an ellipsis (whole on hover).
 */
export function LinkedLabel({
  label,
  keep,
  className,
  area,
  id,
}: {
  label: string | null | undefined;
  keep: 'head' | 'tail' | 'both';
  className?: string;
  area?: string;
  id?: string | null;
}) {
  if (!label) return <span>{NA}</span>;
  return area ? (
    <RecordLink area={area} id={id}>
      <LabelText label={label} keep={keep} className={className} />
    </RecordLink>
  ) : (
    <LabelText label={label} keep={keep} className={className} />
  );
}

function LabelText({ label, keep, className }: { label: string; keep: 'head' | 'tail' | 'both'; className?: string }) {
  const open = label.lastIndexOf(' (');
  if (open < 0 || !label.endsWith(')')) return <span className={className}>{label}</span>;
  const [head, tail] = [label.slice(0, open), label.slice(open + 1)];
  const whole = 'whitespace-nowrap';
  // A driver's name wraps rather than being cut; its id stays on one line.
  if (keep === 'both')
    return (
      <span className={className} title={label}>
        {head} <span className={whole}>{tail}</span>
      </span>
    );
  // Two lines at most, then cut with an ellipsis (the kept part follows on a line of its own when needed).
  const cut = 'min-w-0 line-clamp-2 [overflow-wrap:anywhere]';
  return (
    <span className={`flex flex-wrap items-baseline gap-x-1 ${className ?? ''}`} title={label}>
      <span className={keep === 'head' ? whole : cut}>{head}</span> <span className={keep === 'tail' ? whole : cut}>{tail}</span>
    </span>
  );
}

/**
 * A record of one of several areas (a document's vehicle, driver or trip) as the list names it, in full on hover
 * where that says more (a vehicle's make and model); an id that names no record as it is; N/A for none.
 */
export function EntityCell({ id, label, title, area }: { id: string; label: string | null; title: string | null; area?: string | null }) {
  if (id === '') return <span>{NA}</span>;
  return (
    <span title={title && title !== label ? title : undefined}>
      {area ? (
        <RecordLink area={area} id={id}>
          {label ?? id}
        </RecordLink>
      ) : (
        (label ?? id)
      )}
    </span>
  );
}

/** A record's id, linking to its page when its area has one (a trip's id on the trips list). */
export function IdCell({ id, area }: { id: string; area?: string }) {
  const text = <span className="font-mono text-xs">{id}</span>;
  return area ? (
    <RecordLink area={area} id={id}>
      {text}
    </RecordLink>
  ) : (
    text
  );
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

/** A rating as stars (a half star from .5 up) and its value to one decimal; N/A when there is none. */
export function RatingStars({ value, max = 5 }: { value: number | null | undefined; max?: number }) {
  if (typeof value !== 'number' || Number.isNaN(value)) return <span>{NA}</span>;
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  return (
    <span className="inline-flex items-center gap-1" aria-label={`Rated ${value.toFixed(1)} out of ${max}`}>
      <span className="inline-flex text-amber-500" aria-hidden>
        {Array.from({ length: Math.min(whole, max) }, (_, i) => (
          <Star key={i} className="size-3.5 fill-current" />
        ))}
        {half && whole < max && <StarHalf className="size-3.5 fill-current" />}
      </span>
      <span className="text-xs text-muted-foreground">{value.toFixed(1)}</span>
    </span>
  );
}

/** A row action the specification marks as not implemented: present, and doing nothing. */
export function InertRowAction({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <button type="button" className={buttonClasses('ghost', 'icon-sm', 'text-muted-foreground')} aria-label={label} title={`${label} (not implemented)`}>
      {icon}
    </button>
  );
}

/**
 * A row action over several stored files (incident photos): disabled when there are none, opens the only
 * one directly, and lists several in a small menu, each opening in a new tab.
 */
export function FilesAction({ files, label, icon }: { files: readonly { id: string; name: string }[]; label: string; icon: ReactNode }) {
  if (files.length <= 1) return <FileAction fileId={files[0]?.id} label={label} icon={icon} />;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={buttonClasses('ghost', 'icon-sm', 'relative text-primary')}
        aria-label={`${label} (${files.length})`}
        title={`${label} (${files.length})`}
      >
        {icon}
        <span aria-hidden className="absolute -right-0.5 -top-0.5 rounded-full bg-primary px-1 text-[10px] leading-4 text-primary-foreground">
          {files.length}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {files.map((file) => (
          <DropdownMenuItem key={file.id} asChild>
            <a href={fileUrl(file.id)} target="_blank" rel="noopener">
              <span className="min-w-0 truncate">{file.name}</span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
