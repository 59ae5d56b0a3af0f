import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import { TAG_MESSAGES } from '../../core/tags';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/** Tags on cards (issue 12): stored, edited with the note, filtered, searched, copied. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const patch = (client: HttpClient, path: string, body: unknown) =>
  client.request(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function listed(user: HttpClient, query: string) {
  const page = await json<FlashcardPage>(await user.get(`/api/flashcards?${query}`), 200);
  return page.flashcards.map((card) => card.front_content).sort();
}

describe('tags', () => {
  it('are kept, normalised, edited with the whole note, filtered by tag and found by search', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Tagged');
    const create = (body: object) =>
      user.post('/api/flashcards', { deck_id: deck.id, back_content: 'A', ...body });
    const verb = await json<Flashcard>(
      await create({ front_content: 'Verb?', tags: ['lang::verbs', ' Spanish ', 'spanish'] }),
      201,
    );
    expect(verb.tags).toEqual(['lang::verbs', 'Spanish']);
    await json(await create({ front_content: 'Lang?', tags: 'lang' }), 201);
    await json(await create({ front_content: 'Language?', tags: ['language'] }), 201);
    await json(await create({ front_content: 'Plain?' }), 201);
    const cloze = await json<Flashcard>(
      await create({
        card_type: 'cloze',
        front_content: '{{c1::Madrid}} is in {{c2::Spain}}',
        back_content: 'Madrid is in Spain',
        tags: ['geo'],
      }),
      201,
    );

    // 'lang' finds the tag and the tags under it, not 'language'; any case.
    expect(await listed(user, `deck_id=${deck.id}&tag=LANG`)).toEqual(['Lang?', 'Verb?']);
    expect(await listed(user, `deck_id=${deck.id}&tag=spanish`)).toEqual(['Verb?']);
    expect(await listed(user, `deck_id=${deck.id}&tag=geo`)).toHaveLength(2);
    // LIKE wildcards in a tag are text, not patterns.
    expect(await listed(user, `deck_id=${deck.id}&tag=%25`)).toEqual([]);

    // Editing one sibling's tags edits the note.
    const edited = await json<Flashcard>(
      await patch(user, `/api/flashcards/${cloze.id}`, { tags: 'geo europe' }),
      200,
    );
    expect(edited.tags).toEqual(['geo', 'europe']);
    expect(await listed(user, `deck_id=${deck.id}&tag=europe`)).toHaveLength(2);
    // Search finds a card by its tag.
    const found = await json<{ flashcards: Flashcard[] }>(
      await user.get(`/api/flashcards/search?q=europe&deck_id=${deck.id}`),
      200,
    );
    expect(found.flashcards).toHaveLength(2);

    // Duplicating the deck keeps the tags.
    const copy = await json<{ id: string }>(
      await user.post(`/api/decks/${deck.id}/duplicate`, {}),
      201,
    );
    expect(await listed(user, `deck_id=${copy.id}&tag=lang`)).toEqual(['Lang?', 'Verb?']);
  });

  it('refuses tags that cannot be stored, and changes nothing', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Bad tags');
    const card = await json<Flashcard>(
      await user.post('/api/flashcards', {
        deck_id: deck.id,
        front_content: 'Q?',
        back_content: 'A',
        tags: ['ok'],
      }),
      201,
    );
    const tooLong = await patch(user, `/api/flashcards/${card.id}`, { tags: ['x'.repeat(101)] });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain(TAG_MESSAGES.tooLong);
    const many = Array.from({ length: 51 }, (_, index) => `t${index}`);
    const tooMany = await patch(user, `/api/flashcards/${card.id}`, { tags: many });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain(TAG_MESSAGES.tooMany);
    expect((await patch(user, `/api/flashcards/${card.id}`, { tags: 7 })).status).toBe(400);
    const kept = await json<Flashcard>(await user.get(`/api/flashcards/${card.id}`), 200);
    expect(kept.tags).toEqual(['ok']);
  });
});
