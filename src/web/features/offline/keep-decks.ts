import type { Deck } from '../../../core/deck-schemas';
import { api, isApiError } from '../../lib/api-client';
import { timeZone } from '../../lib/time-zone';
import { fits, recentDeckIds } from './keep-plan';
import { all as waitingAnswers } from '../study/answer-store';
import { keepSettings, markSynced } from './keep-settings';
import { fetchKept, forgetDeck, keptDecks, pruneMedia, saveKept } from './offline-store';

/** Offline again, or the server out of reach: the sync stops and leaves the copies as they are. */
class Unreachable extends Error {}

function unreachable(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

let queue: Promise<void> = Promise.resolve();

/**
 * Brings the decks kept on this device up to date (issue 24; when the app opens online, when
 * the connection returns, when Settings → Offline changes): every chosen deck is fetched again;
 * the decks studied in the last days are kept, latest first, while they fit in the budget;
 * a recently studied deck kept before that no longer is (or no longer fits) is forgotten, and
 * so is a deck deleted elsewhere. One run at a time: a call during a run runs after it. Never
 * while answers wait to be sent (the keeper sends them first).
 */
export function syncKeptDecks(userId: string): Promise<void> {
  const run = queue.then(() => syncOnce(userId));
  queue = run.catch(() => undefined);
  return run;
}

async function syncOnce(userId: string): Promise<void> {
  // Answers given on the device still wait: the server's copy would not hold them, and a card
  // answered offline would be asked again. The keeper syncs after they were sent.
  if ((await waitingAnswers()).length > 0) return;
  const settings = keepSettings(userId);
  const kept = await keptDecks(userId);
  let decks: Deck[];
  try {
    decks = (
      await api.get<{ decks: Deck[] }>(`/api/decks?time_zone=${encodeURIComponent(timeZone())}`)
    ).decks;
  } catch (error) {
    if (unreachable(error)) return;
    throw error;
  }
  const exists = new Set(decks.map((deck) => deck.id));
  const chosen = kept.filter((each) => (each.reason ?? 'chosen') === 'chosen');
  const chosenIds = new Set(chosen.map((each) => each.deckId));
  let used = 0;
  try {
    for (const each of chosen) {
      if (!exists.has(each.deckId)) {
        await forgetDeck(userId, each.deckId); // deleted elsewhere
        continue;
      }
      const fresh = await refetch(userId, each.deckId, 'chosen');
      if (fresh) used += fresh.bytes ?? 0;
    }
    const keepRecent = new Set<string>();
    for (const deckId of recentDeckIds(decks, settings, new Date())) {
      if (chosenIds.has(deckId)) continue;
      const fresh = await refetch(userId, deckId, 'recent', (bytes) => fits(used, bytes, settings));
      if (!fresh) continue;
      used += fresh.bytes ?? 0;
      keepRecent.add(deckId);
    }
    for (const each of kept) {
      if (each.reason === 'recent' && !keepRecent.has(each.deckId)) {
        await forgetDeck(userId, each.deckId);
      }
    }
    markSynced(userId, new Date());
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  } finally {
    await pruneMedia().catch(() => undefined);
  }
}

/** Fetches a deck's copy and saves it when `keep` accepts its size; undefined when not kept. */
async function refetch(
  userId: string,
  deckId: string,
  reason: 'chosen' | 'recent',
  keep: (bytes: number) => boolean = () => true,
) {
  try {
    const fresh = await fetchKept(userId, deckId, reason);
    if (!keep(fresh.bytes ?? 0)) return undefined;
    await saveKept(fresh);
    return fresh;
  } catch (error) {
    if (unreachable(error)) throw new Unreachable();
    if (isApiError(error) && error.status === 404) await forgetDeck(userId, deckId);
    return undefined;
  }
}
