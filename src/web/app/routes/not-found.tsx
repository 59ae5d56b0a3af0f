import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-primary/15 text-primary">
        <Compass aria-hidden="true" className="size-8" />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wider text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">
        The page you are looking for does not exist or has been moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Go Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
