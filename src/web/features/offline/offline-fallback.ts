import type { Deck } from '../../../core/deck-schemas';
import { isApiError } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';
import type { KeptDeck } from './kept-deck';
import { keptDeck, keptDecks } from './offline-store';

/**
 * What the deck pages show when the server cannot be reached: the decks kept on this device,
 * with the counts their copies give now (issue 24).
 */
export const isNetworkError = (error: unknown) => isApiError(error) && error.status === 0;

const userId = () => sessionStore.get().data?.user.id;

/** The counts come from the scheduler's queue, loaded only when a copy is shown (offline). */
async function deckOf(kept: KeptDeck, now = new Date()): Promise<Deck> {
  const { offlineCounts } = await import('./offline-deck');
  const counts = offlineCounts(kept, now);
  return {
    ...kept.copy.deck,
    new_count: counts.newCards,
    due_count: counts.newCards + counts.dueCards,
  };
}

export async function offlineDeck(deckId: string): Promise<Deck | undefined> {
  const id = userId();
  const kept = id ? await keptDeck(id, deckId).catch(() => undefined) : undefined;
  return kept ? await deckOf(kept) : undefined;
}

export async function offlineDecks(): Promise<Deck[] | undefined> {
  const id = userId();
  const kept = id ? await keptDecks(id).catch(() => []) : [];
  return kept.length > 0 ? await Promise.all(kept.map((each) => deckOf(each))) : undefined;
}

/** Runs `load`; when the network fails and the device keeps a copy, answers with the copy. */
export async function orOffline<T>(load: () => Promise<T>, copy: () => Promise<T | undefined>) {
  try {
    return await load();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const kept = await copy();
    if (kept === undefined) throw error;
    return kept;
  }
}
