import { StatsPage } from '../../features/study/components/stats-page';
import { RequireAuth } from '../../lib/auth';

export function Component() {
  return (
    <RequireAuth>
      <StatsPage />
    </RequireAuth>
  );
}
