import { LearnPage } from '../../features/study/components/learn-page';
import { RequireAuth } from '../../lib/auth';
import { useDeckPageTitle } from './deck-title';

export function Component() {
  useDeckPageTitle('Study: ');
  return (
    <RequireAuth>
      <LearnPage />
    </RequireAuth>
  );
}
