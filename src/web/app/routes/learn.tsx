import { LearnPage } from '../../features/study/components/learn-page';
import { RequireAuth } from '../../lib/auth';

export function Component() {
  return (
    <RequireAuth>
      <LearnPage />
    </RequireAuth>
  );
}
