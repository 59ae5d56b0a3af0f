import { LearnPage } from '../../features/study/components/learn-page';
import { RequireAuth } from '../../lib/auth';
import { useDeckPageTitle } from './deck-title';

export { deckLoader as loader } from './prefetch';

export function Component() {
  useDeckPageTitle('Study: ');
  return (
    <RequireAuth>
      <LearnPage />
    </RequireAuth>
  );
}
