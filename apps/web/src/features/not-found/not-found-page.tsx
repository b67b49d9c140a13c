import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="grid min-h-[60vh] place-items-center text-center">
      <div className="grid gap-3">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-xl font-semibold">Page Not Found</h1>
        <p className="text-sm text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
        <Link to="/" className={buttonClasses('default', 'default', 'justify-self-center')}>
          Go Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
