import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '../../core/flashcard-schemas';
import { REQUEST_MESSAGES } from '../../core/generation-requests';
import { createDeck, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * The validation messages of SPEC §5 reach the client word for word: 'Invalid URL format', not
 * 'url: Invalid URL format'. zod's own generic messages (which say nothing about the field) keep
 * the field's name.
 */
describe('validation messages', () => {
  let server: TestServer;
  let user: HttpClient;
  let deckId: string;
  beforeAll(async () => {
    server = await startTestServer();
    user = await newUser(server.url);
    deckId = (await createDeck(user, 'Messages')).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const errorOf = async (response: Response) => {
    const text = await response.text();
    expect(response.status, text).toBe(400);
    return (JSON.parse(text) as { error: { code: string; message: string } }).error;
  };

  it('answers a bad URL with exactly the spec text', async () => {
    const error = await errorOf(
      await user.post('/api/generation/url', { deckId, url: 'not a url' }),
    );
    expect(error).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid URL format' });
  });

  it('answers every §5 message of the API without a field prefix', async () => {
    const card = { deck_id: deckId, card_type: 'qa', front_content: 'Q', back_content: 'A' };
    const cases: [string, () => Promise<Response>, string][] = [
      [
        'an empty URL',
        () => user.post('/api/generation/url', { deckId, url: ' ' }),
        REQUEST_MESSAGES.enterUrl,
      ],
      ['no URL', () => user.post('/api/generation/url', { deckId }), REQUEST_MESSAGES.enterUrl],
      [
        'a ftp URL',
        () => user.post('/api/generation/url', { deckId, url: 'ftp://example.com/a' }),
        REQUEST_MESSAGES.invalidUrl,
      ],
      [
        'empty text',
        () => user.post('/api/generation/text', { deckId, content: '  ' }),
        REQUEST_MESSAGES.enterText,
      ],
      ['no text', () => user.post('/api/generation/text', { deckId }), REQUEST_MESSAGES.enterText],
      [
        'no deck id',
        () => user.post('/api/generation/text', { content: 'Some text here.' }),
        REQUEST_MESSAGES.noDeckId,
      ],
      [
        'an empty deck id',
        () => user.post('/api/generation/url', { deckId: '', url: 'https://example.com' }),
        REQUEST_MESSAGES.noDeckId,
      ],
      [
        'an empty front',
        () => user.post('/api/flashcards', { ...card, front_content: '  ' }),
        CARD_MESSAGES.frontRequired,
      ],
      [
        'an empty back',
        () => user.post('/api/flashcards', { ...card, back_content: '' }),
        CARD_MESSAGES.backRequired,
      ],
      [
        'no front',
        () => user.post('/api/flashcards', { ...card, front_content: undefined }),
        CARD_MESSAGES.frontRequired,
      ],
      [
        'an empty deck name',
        () => user.post('/api/decks', { name: '  ' }),
        'Deck name is required',
      ],
      [
        'a bad strategy',
        () =>
          user.post('/api/generation/text', {
            deckId,
            content: 'Some text.',
            generationStrategy: 'all',
          }),
        REQUEST_MESSAGES.strategy,
      ],
    ];
    for (const [label, send, message] of cases) {
      const error = await errorOf(await send());
      expect(error.message, label).toBe(message);
    }
  });

  it('joins two problems without field names and says which field a generic message is about', async () => {
    const both = await errorOf(
      await user.post('/api/flashcards', {
        deck_id: deckId,
        card_type: 'qa',
        front_content: ' ',
        back_content: ' ',
      }),
    );
    expect(both.message).toBe(`${CARD_MESSAGES.frontRequired}; ${CARD_MESSAGES.backRequired}`);
    // jobListSchema's limit has no message of ours: zod's says nothing of the field, so it is named.
    const generic = await errorOf(await user.get('/api/generation/jobs?limit=0'));
    expect(generic.message).toMatch(/^limit: /);
    const unknown = await errorOf(await user.post('/api/decks', { name: 'x', admin: true }));
    expect(unknown.message).toBe('Unknown field: admin');
  });
});
