import { importAnkiAndWait } from '../../../test/support/anki-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import type { StudyStatistics } from '../../core/scheduling';
import type { StartedSession } from '../../core/study-schemas';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { tinyMp3, tinyPng } from '../../../test/support/anki/test-media';
import { buildPackage, STOCK } from '../../../test/support/anki/test-packages';

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

const DAY_MS = 86_400_000;
// A relearning card's interval: Mnemo keeps 0 while it relearns, Anki needs the interval after
// the lapse (at least a day) and gives 1 back; learning cards are compared by their due instead.
const fullShape = (card: Flashcard) => ({
  ...shape(card),
  interval: card.card_state === 'learning' ? 'learning' : card.interval_days,
  due: card.card_state === 'learning' ? card.due_date.slice(0, 19) : card.due_date.slice(0, 10),
  leech: card.is_leech,
  buried: card.buried_until !== null,
  suspended_from: card.suspended_from,
});

describe('a deck of every kind of card, through both package generations (issue 20)', () => {
  it.each(['current', 'legacy'] as const)(
    'gives back the same cards, schedules, marks, deck options and history (%s)',
    async (format) => {
      const user = await newUser(server.url);
      const deck = await createDeck(user, 'Everything', 'All the kinds of cards');
      const options = {
        scheduler: 'fsrs',
        new_cards_per_day: 17,
        max_reviews_per_day: 321,
        desired_retention: 0.85,
        maximum_interval_days: 400,
        leech_threshold: 1,
        leech_action: 'tag',
      };
      await json(
        await user.request(`/api/decks/${deck.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(options),
        }),
        200,
      );
      const add = async (body: object) =>
        json<Flashcard>(await user.post('/api/flashcards', { deck_id: deck.id, ...body }), 201);
      // Markdown headings, quotes, tables and fenced code, underline and colour (issue 20 item 4).
      await add({
        front_content:
          '# Heading\n\n> a quote\n> on two lines\n\n| term | value |\n| :--- | ---: |\n| <u>u</u> | \\(x^2\\) |',
        back_content:
          '## Code\n\n```ts\nconst x = 1;\n```\n\n<span style="color:#e66100">orange</span> and\n<u>under</u>\n\n\\[\\sum_i i\\]',
      });
      await add({
        front_content: 'Water is H<sub>2</sub>O, x<sup>2</sup>',
        back_content: '\\(e^{i\\pi}+1=0\\)',
      });
      await add({
        card_type: 'cloze',
        front_content: '{{c1::Madrid::city}} is in {{c2::Spain}}, in {{c3::Europe::continent}}',
        back_content: 'Back extra',
        tags: ['geo'],
      });
      // Nested deletions (Anki ≥ 2.1.56, issue 20 item 7): a card per number both ways.
      await add({
        card_type: 'cloze',
        front_content: 'The {{c1::outer {{c2::inner::hint}} text}} stays',
        back_content: 'Nested back',
      });
      // An image and a sound, brought in by an Anki package into this deck.
      const media = await importAnkiAndWait(
        user,
        buildPackage({
          generation: 'anki21b',
          noteTypes: [STOCK.basic],
          decks: [{ id: 1, name: 'Default' }],
          notes: [
            {
              guid: 'media-round-trip',
              mid: STOCK.basic.id,
              fields: ['Dot <img src="red dot.png">', '[sound:hello.mp3]'],
              cards: [{ ord: 0 }],
            },
          ],
          media: [
            { name: 'red dot.png', data: tinyPng('round trip') },
            { name: 'hello.mp3', data: tinyMp3() },
          ],
        }),
        { deck_id: deck.id },
      );
      expect(media.status).toBe(200);
      const learning = await add({ front_content: 'Learning', back_content: 'step 1' });
      const relearning = await add({ front_content: 'Relearning', back_content: 'lapsed' });
      const suspended = await add({ front_content: 'Suspended', back_content: 's' });
      const buried = await add({ front_content: 'Buried', back_content: 'b' });

      const t0 = Date.now() - 30 * DAY_MS;
      const at = (ms: number) => ({ headers: { 'X-Test-Now': new Date(ms).toISOString() } });
      const started = await json<StartedSession>(
        await user.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: TZ }, at(t0)),
        201,
      );
      const answer = async (card: Flashcard, response: string, when: number) =>
        json(
          await user.post(
            `/api/study/sessions/${started.session.id}/reviews`,
            {
              id: `all-${card.id}-${when}`,
              card_id: card.id,
              response,
              response_time_seconds: 3,
            },
            at(when),
          ),
          200,
        );
      // Learnt, then forgotten today (a lapse with threshold 1: a leech, tagged), then again.
      await answer(relearning, 'good', t0);
      await answer(relearning, 'good', t0 + 12 * 60_000);
      await answer(relearning, 'again', Date.now() - 120_000);
      await answer(learning, 'again', Date.now() - 30_000);
      await json(await user.post(`/api/flashcards/${suspended.id}/suspend`), 200);
      await json(await user.post(`/api/flashcards/${buried.id}/bury`, { time_zone: TZ }), 200);

      const before = (await cardsOf(user, deck.id)).map(fullShape);
      expect(before.find((card) => card.front === 'Relearning')).toMatchObject({
        leech: true,
        state: 'learning',
      });
      expect(before.find((card) => card.front === 'Buried')?.buried).toBe(true);
      expect(before.filter((card) => card.front.includes('{{c2::inner'))).toHaveLength(2);
      expect(before.find((card) => card.front.startsWith('Dot'))).toMatchObject({
        front: expect.stringMatching(/^Dot !\[[^\]]*\]\(mnemo-media:[0-9a-f]+\.png\)$/),
        back: expect.stringMatching(/mnemo-media:[0-9a-f]+\.mp3/),
      });

      const exported = await user.get(
        `/api/decks/${deck.id}/export/anki?time_zone=${TZ}${format === 'legacy' ? '&format=legacy' : ''}`,
      );
      expect(exported.status).toBe(200);
      const fresh = await newUser(server.url);
      const imported = await importAnkiAndWait(
        fresh,
        new Uint8Array(await exported.arrayBuffer()),
        { keep_decks: 'true', time_zone: TZ },
        'Everything.apkg',
      );
      expect(imported.status, await imported.clone().text()).toBe(200);
      const decks = (await json<{ decks: Deck[] }>(await fresh.get('/api/decks'), 200)).decks;
      expect(decks).toHaveLength(1);
      const { scheduler: _scheduler, ...kept } = options;
      expect(decks[0]).toMatchObject({ description: 'All the kinds of cards', ...kept });
      expect((await cardsOf(fresh, decks[0]?.id ?? '')).map(fullShape)).toEqual(before);
      const stats = await json<StudyStatistics>(await fresh.get(`/api/stats?time_zone=${TZ}`), 200);
      expect(stats.total_cards_studied).toBe(4);
    },
  );
});
