import { Dashboard } from '../../features/decks/components/dashboard';
import { RequireAuth } from '../../lib/auth';

export function Component() {
  return (
    <RequireAuth>
      <Dashboard />
    </RequireAuth>
  );
}
