import { DeckPage } from '../../features/decks/components/deck-page';
import { RequireAuth } from '../../lib/auth';
import { useDeckPageTitle } from './deck-title';

export { deckPageLoader as loader } from './prefetch';

export function Component() {
  useDeckPageTitle();
  return (
    <RequireAuth>
      <DeckPage mode="deck" />
    </RequireAuth>
  );
}
