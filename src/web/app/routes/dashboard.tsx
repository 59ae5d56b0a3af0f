import { Dashboard } from '../../features/decks/components/dashboard';
import { RequireAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';

export { dashboardLoader as loader } from './prefetch';

export function Component() {
  usePageTitle('Dashboard');
  return (
    <RequireAuth>
      <Dashboard />
    </RequireAuth>
  );
}
