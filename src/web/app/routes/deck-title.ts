import { useParams } from 'react-router';
import { useDeck } from '../../features/decks/api/get-deck';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';

/**
 * The title of a deck's pages: 'Spanish verbs — Mnemo', 'Study: Spanish verbs — Mnemo'. The deck
 * comes from the query its page makes anyway (one request); 'Deck' stands in while it loads.
 */
export function useDeckPageTitle(prefix = ''): void {
  const { deckId } = useParams();
  const { user } = useAuth();
  const deck = useDeck(deckId, { enabled: Boolean(user) });
  usePageTitle(`${prefix}${deck.data?.name ?? 'Deck'}`);
}
