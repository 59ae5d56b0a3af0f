import { importAnkiAndWait } from '../../../test/support/anki-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import type { StudyStatistics } from '../../core/scheduling';
import type { StartedSession } from '../../core/study-schemas';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * The round trip of issue 12: export a studied deck to Anki, import the package into a fresh
 * account: the same cards (content, type, cloze numbers, tags), schedules and review history,
 * through either package generation (our importer reads both, as Anki does).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const TZ = 'UTC';

async function cardsOf(user: HttpClient, deckId: string): Promise<Flashcard[]> {
  const page = await json<FlashcardPage>(
    await user.get(`/api/flashcards?deck_id=${deckId}&limit=1000`),
    200,
  );
  return page.flashcards.sort(
    (a, b) =>
      a.front_content.localeCompare(b.front_content) ||
      (a.cloze_number ?? 0) - (b.cloze_number ?? 0),
  );
}

const shape = (card: Flashcard) => ({
  front: card.front_content,
  // A cloze card's back is its note's Back Extra (issue 20 item 10: it was dropped).
  back: card.back_content,
  type: card.card_type,
  cloze: card.cloze_number,
  tags: card.tags,
  state: card.card_state,
  due: card.due_date.slice(0, 10),
  interval: card.interval_days,
  ease: card.ease_factor,
  reviews: card.review_count,
});

describe('export to Anki, then import into a fresh account', () => {
  // Both package generations: the current one (schema 18, zstd) and the legacy one (schema 11).
  it.each(['current', 'legacy'] as const)(
    'gives the same cards, schedules and history (%s package)',
    async (format) => {
      const user = await newUser(server.url);
      const deck = await createDeck(user, 'Round trip');
      const add = (body: object) => user.post('/api/flashcards', { deck_id: deck.id, ...body });
      await json(
        await add({
          front_content: 'Capital of **France**?',
          back_content: 'Paris',
          tags: ['geo', 'europe::capitals'],
        }),
        201,
      );
      await json(await add({ front_content: 'Largest planet?', back_content: 'Jupiter' }), 201);
      await json(
        await add({
          card_type: 'cloze',
          front_content: '{{c1::Madrid}} is the capital of {{c2::Spain}}',
          back_content: 'Madrid is the capital of Spain',
          tags: ['geo'],
        }),
        201,
      );
      const cards = await cardsOf(user, deck.id);
      const started = await json<StartedSession>(
        await user.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: TZ }),
        201,
      );
      const answers: [string, string][] = [
        [cards.find((card) => card.front_content.startsWith('Capital'))?.id ?? '', 'good'],
        [cards.find((card) => card.front_content.startsWith('Largest'))?.id ?? '', 'easy'],
        [cards.find((card) => card.cloze_number === 2)?.id ?? '', 'good'],
      ];
      for (const [cardId, response] of answers) {
        await json(
          await user.post(`/api/study/sessions/${started.session.id}/reviews`, {
            id: `trip-${cardId}`,
            card_id: cardId,
            response,
            response_time_seconds: 5,
          }),
          200,
        );
      }
      const before = (await cardsOf(user, deck.id)).map(shape);

      const exported = await user.get(
        `/api/decks/${deck.id}/export/anki?time_zone=${TZ}${format === 'legacy' ? '&format=legacy' : ''}`,
      );
      expect(exported.status).toBe(200);
      const bytes = new Uint8Array(await exported.arrayBuffer());

      const fresh = await newUser(server.url);
      const imported = await importAnkiAndWait(
        fresh,
        bytes,
        { keep_decks: 'true' },
        'Round trip.apkg',
      );
      expect(imported.status, await imported.clone().text()).toBe(200);
      const decks = (await json<{ decks: Deck[] }>(await fresh.get('/api/decks'), 200)).decks;
      expect(decks.map((item) => item.name)).toEqual(['Round trip']);
      const after = (await cardsOf(fresh, decks[0]?.id ?? '')).map(shape);
      expect(after).toEqual(before);

      // The review history came along: the statistics count the same three answers.
      const stats = await json<StudyStatistics>(await fresh.get(`/api/stats?time_zone=${TZ}`), 200);
      expect(stats.total_cards_studied).toBe(3);
    },
  );
});
