import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api';

interface Unreadable {
  id: string;
  driverLabel: string | null;
  trainingType: string;
  validityPeriod: string;
  href: string;
}

/**
 * Completed trainings whose Validity Period cannot be read ('1 year', '18 months' can): they get no expiry
 * reminder until corrected (issue 18). Shown only when there are any; each opens its record.
 */
export function UnreadableValidity() {
  const listed = useQuery({
    queryKey: ['driver-training', 'unreadable-validity'],
    queryFn: ({ signal }) => api<{ items: Unreadable[] }>('/api/reminders/training/unreadable', { signal }),
    staleTime: 0,
  });
  const items = listed.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Validity periods to correct"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">
        {items.length === 1 ? '1 completed training has' : `${items.length} completed trainings have`} a Validity Period that cannot be read, so no expiry
        reminder is made for {items.length === 1 ? 'it' : 'them'}. Write it as, for example, “1 year” or “18 months”.
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {items.slice(0, 20).map((item) => (
          <li key={item.id}>
            <Link className="underline underline-offset-2" to={item.href}>
              {item.id}
            </Link>{' '}
            ({item.trainingType}, {item.driverLabel ?? 'no driver'}: “{item.validityPeriod}”)
          </li>
        ))}
        {items.length > 20 && <li>and {items.length - 20} more</li>}
      </ul>
    </section>
  );
}
