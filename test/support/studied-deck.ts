import type { Flashcard, FlashcardPage } from '../../src/core/flashcard-schemas';
import type { StartedSession } from '../../src/core/study-schemas';
import { createDeck, json } from './fixtures';
import type { HttpClient } from './http-client';

/**
 * For the export tests: a deck 'Geography::Europe' with a Q&A card answered Good and a cloze
 * note of two deletions, the second answered Again (answers in `timeZone`).
 */
export async function studiedDeck(user: HttpClient, timeZone: string) {
  const deck = await createDeck(user, 'Geography::Europe');
  const qa = await json<Flashcard>(
    await user.post('/api/flashcards', {
      deck_id: deck.id,
      front_content: 'Capital of **France**?',
      back_content: 'Paris, on the $x^2$ Seine',
      tags: ['geo', 'europe::capitals'],
    }),
    201,
  );
  await json(
    await user.post('/api/flashcards', {
      deck_id: deck.id,
      card_type: 'cloze',
      front_content: '{{c1::Madrid}} is the capital of {{c2::Spain}}',
      back_content: 'Madrid is the capital of Spain',
    }),
    201,
  );
  const cards = (
    await json<FlashcardPage>(await user.get(`/api/flashcards?deck_id=${deck.id}`), 200)
  ).flashcards;
  const c2 = cards.find((card) => card.cloze_number === 2) as Flashcard;
  const started = await json<StartedSession>(
    await user.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: timeZone }),
    201,
  );
  for (const [card, response] of [
    [qa, 'good'],
    [c2, 'again'],
  ] as const) {
    await json(
      await user.post(`/api/study/sessions/${started.session.id}/reviews`, {
        id: `export-${card.id}`,
        card_id: card.id,
        response,
        response_time_seconds: 4,
      }),
      200,
    );
  }
  return { deck, qa };
}
