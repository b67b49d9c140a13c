import { Link } from 'react-router';
import { LockKeyhole } from 'lucide-react';
import { roleLabel } from '@raahi/domain';
import { buttonClasses } from '../components/ui/button';

/** A screen the user's role may not view, opened by its address: said plainly, with the way back. */
export function NoAccessPage({ screen, role }: { screen: string; role: string }) {
  return (
    <div className="grid min-h-[60vh] place-items-center text-center">
      <div className="grid max-w-md gap-3">
        <span className="grid size-12 place-items-center justify-self-center rounded-full bg-muted text-muted-foreground">
          <LockKeyhole className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold">You don&apos;t have access to {screen}</h1>
        <p className="text-sm text-muted-foreground">
          Your role ({roleLabel(role)}) may not view {screen}. Ask an administrator if you need it.
        </p>
        <Link to="/" className={buttonClasses('default', 'default', 'justify-self-center')}>
          Go Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
