import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import type { StartedSession } from '../../core/study-schemas';
import { type FakeReply, fakeLlmEnv, startFakeLlm } from '../../../test/support/fake-llm';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

const TWO = 'The {{c1::mitochondria}} is the {{c2::powerhouse}} of the cell';
const TWO_BACK = 'The mitochondria is the powerhouse of the cell';

const patch = (client: HttpClient, path: string, body: unknown) =>
  client.request(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const errorMessage = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

async function deckCards(user: HttpClient, deckId: string) {
  const page = await json<FlashcardPage>(
    await user.get(`/api/flashcards?deck_id=${deckId}&limit=100`),
    200,
  );
  return page.flashcards.sort((a, b) => (a.cloze_number ?? 0) - (b.cloze_number ?? 0));
}

const cardCount = async (user: HttpClient, deckId: string) =>
  (await json<Deck>(await user.get(`/api/decks/${deckId}`), 200)).card_count;

async function clozeNote(user: HttpClient, front = TWO, back = TWO_BACK) {
  const deck = await createDeck(user, 'Biology');
  const first = await json<Flashcard>(
    await user.post('/api/flashcards', {
      deck_id: deck.id,
      card_type: 'cloze',
      front_content: front,
      back_content: back,
    }),
    201,
  );
  return { deck, first };
}

let counter = 0;
async function answerFirst(user: HttpClient, deckId: string, cardId: string) {
  const started = await json<StartedSession>(
    await user.post(`/api/decks/${deckId}/study/sessions`, { time_zone: 'UTC' }),
    201,
  );
  const queued = started.queue.find((card) => card.id === cardId);
  // The queue's card says which deletion it asks.
  expect(queued?.cloze_number).toEqual(expect.any(Number));
  expect(queued?.note_id).toEqual(expect.any(String));
  await json(
    await user.post(`/api/study/sessions/${started.session.id}/reviews`, {
      id: `review-cloze-${Date.now()}-${counter++}`,
      card_id: cardId,
      response: 'easy',
      response_time_seconds: 2,
    }),
    200,
  );
}

describe('cloze siblings', () => {
  let server: TestServer;
  let user: HttpClient;
  beforeAll(async () => {
    server = await startTestServer();
    user = await newUser(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a c1+c2 cloze is two cards of one note, each with its own schedule', async () => {
    const { deck, first } = await clozeNote(user);
    expect(first).toMatchObject({ note_id: first.id, cloze_number: 1, front_content: TWO });
    const cards = await deckCards(user, deck.id);
    expect(cards.map((card) => [card.note_id, card.cloze_number])).toEqual([
      [first.id, 1],
      [first.id, 2],
    ]);
    expect(cards.every((card) => card.back_content === TWO_BACK)).toBe(true);
    expect(await cardCount(user, deck.id)).toBe(2);

    const [, second] = cards;
    await answerFirst(user, deck.id, second?.id ?? '');
    const after = await deckCards(user, deck.id);
    expect(after[1]).toMatchObject({ id: second?.id, review_count: 1 });
    expect(after[1]?.card_state).not.toBe('new');
    expect(after[0]).toMatchObject({ id: first.id, card_state: 'new', review_count: 0 });
  });

  it('Q&A cards are their own note', async () => {
    const deck = await createDeck(user);
    const qa = await json<Flashcard>(
      await user.post('/api/flashcards', {
        deck_id: deck.id,
        front_content: 'Q',
        back_content: 'A',
      }),
      201,
    );
    expect(qa).toMatchObject({ note_id: null, cloze_number: null });
  });

  it('bulk create returns every sibling and counts them', async () => {
    const deck = await createDeck(user);
    const body = {
      cards: [
        { deck_id: deck.id, card_type: 'cloze', front_content: TWO, back_content: TWO_BACK },
        { deck_id: deck.id, front_content: 'Q', back_content: 'A' },
      ],
    };
    const made = await json<{ flashcards: Flashcard[] }>(
      await user.post('/api/flashcards/bulk', body),
      201,
    );
    expect(made.flashcards).toHaveLength(3);
    expect(await cardCount(user, deck.id)).toBe(3);
  });

  it('adding c3 adds a card and keeps both schedules', async () => {
    const { deck, first } = await clozeNote(user);
    await answerFirst(user, deck.id, first.id);
    const before = await deckCards(user, deck.id);
    const three = `${TWO}, {{c3::ATP}}`;
    const edited = await json<Flashcard>(
      await patch(user, `/api/flashcards/${before[1]?.id}`, { front_content: three }),
      200,
    );
    expect(edited).toMatchObject({ id: before[1]?.id, front_content: three, is_edited: true });
    const after = await deckCards(user, deck.id);
    expect(after.map((card) => card.cloze_number)).toEqual([1, 2, 3]);
    expect(after.every((card) => card.front_content === three && card.note_id === first.id)).toBe(
      true,
    );
    for (const index of [0, 1]) {
      const { due_date, card_state, review_count, interval_days } = before[index] as Flashcard;
      expect(after[index]).toMatchObject({ due_date, card_state, review_count, interval_days });
    }
    expect(after[2]).toMatchObject({ card_state: 'new', review_count: 0 });
    expect(await cardCount(user, deck.id)).toBe(3);
  });

  it('removing c2 is refused until confirmed, then its card goes', async () => {
    const { deck, first } = await clozeNote(user);
    const [, second] = await deckCards(user, deck.id);
    const one = 'The {{c1::mitochondria}} is the powerhouse of the cell';
    const refused = await patch(user, `/api/flashcards/${first.id}`, { front_content: one });
    expect(refused.status).toBe(409);
    expect(await errorMessage(refused)).toBe(
      'This edit removes cloze 2 and its card with its review history. Confirm to continue.',
    );
    expect((await deckCards(user, deck.id)).map((card) => card.front_content)).toEqual([TWO, TWO]);
    expect(await cardCount(user, deck.id)).toBe(2);

    await json(
      await patch(user, `/api/flashcards/${first.id}`, {
        front_content: one,
        confirm_removals: true,
      }),
      200,
    );
    const after = await deckCards(user, deck.id);
    expect(after.map((card) => [card.id, card.cloze_number, card.front_content])).toEqual([
      [first.id, 1, one],
    ]);
    expect((await user.get(`/api/flashcards/${second?.id}`)).status).toBe(404);
    expect(await cardCount(user, deck.id)).toBe(1);
  });

  it('refuses a cloze with more than 100 numbers (one card each)', async () => {
    const deck = await createDeck(user);
    const front = Array.from({ length: 101 }, (_, n) => `{{c${n + 1}::w}}`).join(' ');
    const response = await user.post('/api/flashcards', {
      deck_id: deck.id,
      card_type: 'cloze',
      front_content: front,
      back_content: 'words',
    });
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toBe(
      'A cloze card can use at most 100 deletion numbers (one card each)',
    );
    expect(await cardCount(user, deck.id)).toBe(0);
  });

  it('editing a card into no deletion is refused as before', async () => {
    const { deck, first } = await clozeNote(user);
    const response = await patch(user, `/api/flashcards/${first.id}`, {
      front_content: 'No deletion at all',
      confirm_removals: true,
    });
    expect(response.status).toBe(400);
    expect(await deckCards(user, deck.id)).toHaveLength(2);
  });

  it('a Q&A card made a cloze keeps its schedule as c1; back to Q&A after confirming', async () => {
    const deck = await createDeck(user);
    const qa = await json<Flashcard>(
      await user.post('/api/flashcards', {
        deck_id: deck.id,
        front_content: 'Q',
        back_content: 'A',
      }),
      201,
    );
    await json(
      await patch(user, `/api/flashcards/${qa.id}`, { card_type: 'cloze', front_content: TWO }),
      200,
    );
    const cards = await deckCards(user, deck.id);
    expect(cards.map((card) => [card.id === qa.id, card.note_id, card.cloze_number])).toEqual([
      [true, qa.id, 1],
      [false, qa.id, 2],
    ]);
    expect(await cardCount(user, deck.id)).toBe(2);
    const back = { card_type: 'qa', front_content: 'Q again' };
    expect((await patch(user, `/api/flashcards/${qa.id}`, back)).status).toBe(409);
    await json(
      await patch(user, `/api/flashcards/${qa.id}`, { ...back, confirm_removals: true }),
      200,
    );
    expect(await deckCards(user, deck.id)).toMatchObject([
      { id: qa.id, card_type: 'qa', note_id: null, cloze_number: null },
    ]);
    expect(await cardCount(user, deck.id)).toBe(1);
  });

  it('delete, move and duplicate take the whole note', async () => {
    const { deck, first } = await clozeNote(user);
    const other = await createDeck(user, 'Other');
    await json(
      await user.post('/api/flashcards/move', { ids: [first.id], target_deck_id: other.id }),
      200,
    );
    expect(await deckCards(user, other.id)).toHaveLength(2);
    expect([await cardCount(user, deck.id), await cardCount(user, other.id)]).toEqual([0, 2]);

    const copy = await json<Deck>(await user.post(`/api/decks/${other.id}/duplicate`, {}), 201);
    const copied = await deckCards(user, copy.id);
    expect(copied.map((card) => card.cloze_number)).toEqual([1, 2]);
    expect(copied[0]?.note_id).toBe(copied[0]?.id);
    expect(copied[1]?.note_id).toBe(copied[0]?.id);

    const [, second] = await deckCards(user, other.id);
    expect(
      await json<{ deleted: number }>(
        await user.request(`/api/flashcards/${second?.id}`, {
          method: 'DELETE',
        }),
        200,
      ),
    ).toEqual({ deleted: 2 });
    expect(await deckCards(user, other.id)).toHaveLength(0);
    expect(await cardCount(user, other.id)).toBe(0);
    expect(await cardCount(user, copy.id)).toBe(2);
  });
});

describe('generated cloze cards', () => {
  let server: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeLlm>>;
  const reply: FakeReply = {
    cards: [
      {
        type: 'cloze',
        front: 'Basalt is a {{c1::dark}} {{c2::volcanic}} rock.',
        back: '',
        sourceQuote: 'Basalt is a dark volcanic rock.',
      },
    ],
  };
  beforeAll(async () => {
    fake = await startFakeLlm(() => reply);
    server = await startTestServer({ env: { ...fakeLlmEnv(fake.baseUrl), AI_MAX_RETRIES: '0' } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  it('a generated cloze with two numbers is written as two siblings', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Rocks');
    const job = await json<{ id: string }>(
      await user.post('/api/generation/text', {
        deckId: deck.id,
        content: 'Basalt is a dark volcanic rock. It forms when lava cools quickly.',
      }),
      201,
    );
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });
    const cards = await deckCards(user, deck.id);
    expect(cards.map((card) => [card.cloze_number, card.source_job_id])).toEqual([
      [1, job.id],
      [2, job.id],
    ]);
    expect(cards[1]?.note_id).toBe(cards[0]?.id);
    expect(cards[1]?.source_quote).toBe(cards[0]?.source_quote);
    expect(await cardCount(user, deck.id)).toBe(2);
  });
});
