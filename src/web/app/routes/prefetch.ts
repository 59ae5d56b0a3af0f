import type { LoaderFunctionArgs } from 'react-router';
import { deckCardsQuery } from '../../features/cards/api/cards';
import { deckQuery } from '../../features/decks/api/get-deck';
import { decksQuery } from '../../features/decks/api/get-decks';
import { queryClient } from '../../lib/query-client';
import { mayBeSignedIn } from '../../lib/session-store';

/**
 * Route loaders that start a page's first requests while the session is still being checked;
 * without them a page asked in turn for the session, then its deck, then the deck's cards (three
 * round trips on a slow phone network; issue 19). They wait for nothing and return nothing: the
 * screens read the answers from the query cache. Only where a user may be signed in, so that a
 * signed-out visitor is sent to sign in once, by the route guard.
 */
export function deckPageLoader({ params }: LoaderFunctionArgs): null {
  if (params.deckId && mayBeSignedIn()) {
    void queryClient.prefetchQuery(deckQuery(params.deckId));
    void queryClient.prefetchInfiniteQuery(deckCardsQuery(params.deckId, 'all'));
  }
  return null;
}

export function deckLoader({ params }: LoaderFunctionArgs): null {
  if (params.deckId && mayBeSignedIn()) void queryClient.prefetchQuery(deckQuery(params.deckId));
  return null;
}

export function dashboardLoader(): null {
  if (mayBeSignedIn()) void queryClient.prefetchQuery(decksQuery());
  return null;
}
