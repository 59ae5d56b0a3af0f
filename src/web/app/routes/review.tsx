import { ReviewPage } from '../../features/generation/review/review-page';
import { RequireAuth } from '../../lib/auth';
import { useDeckPageTitle } from './deck-title';

export function Component() {
  useDeckPageTitle('Review new cards: ');
  return (
    <RequireAuth>
      <ReviewPage />
    </RequireAuth>
  );
}
