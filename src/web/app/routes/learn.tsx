import { DeckPage } from '../../features/decks/components/deck-page';
import { RequireAuth } from '../../lib/auth';

export function Component() {
  return (
    <RequireAuth>
      <DeckPage mode="learn" />
    </RequireAuth>
  );
}
