import { StatsPage } from '../../features/study/components/stats-page';
import { RequireAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';

export function Component() {
  usePageTitle('Statistics');
  return (
    <RequireAuth>
      <StatsPage />
    </RequireAuth>
  );
}
