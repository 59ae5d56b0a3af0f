import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { GenerationJob, GenerationStats } from '../../core/generation-requests';
import { type FakeReply, promptOf, fakeLlmEnv, startFakeLlm } from '../../../test/support/fake-llm';
import { createDeck, finishedJob, json, newUser, PASSWORD } from '../../../test/support/fixtures';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

const ARTICLE = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
  'During the light-dependent reactions, water molecules are split and oxygen is released as a by-product. The energy captured is stored in ATP and NADPH.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO, probably the most abundant protein on Earth, catalyses the first step of carbon fixation.',
  'Jan Ingenhousz discovered in 1779 that light is essential for photosynthesis. Melvin Calvin mapped the cycle that bears his name in 1950 and received the Nobel Prize in Chemistry in 1961.',
].join('\n\n');

const errorMessage = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

async function startText(user: HttpClient, deckId: string, extra: object = {}) {
  return json<GenerationJob>(
    await user.post('/api/generation/text', { deckId, content: ARTICLE, ...extra }),
    201,
  );
}

const finished = finishedJob;

describe('generation with the built-in generator', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('turns pasted text into cards in the deck, one transaction with the job', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Biology');
    const job = await startText(user, deck.id, { generationStrategy: 'standard' });
    expect(job).toMatchObject({ status: 'pending', input_type: 'text', deck_id: deck.id });
    expect(job.requested_card_types).toEqual(['qa', 'cloze']);
    const status = await finished(user, job.id);
    expect(status).toMatchObject({ status: 'completed', error_message: null });

    const done = await json<GenerationJob>(await user.get(`/api/generation/jobs/${job.id}`), 200);
    expect(done.completed_at).not.toBeNull();
    // A 120-word article: the generator writes the cards it can stand behind (four here: the
    // fifth it wrote once, 'Who mapped the cycle that bears his name …?', gave its answer away),
    // and says why it wrote fewer than the strategy's five.
    expect(done.cards_created).toBeGreaterThanOrEqual(4);
    expect(done.cards_created).toBeLessThanOrEqual(15);
    if (done.cards_created < 5) {
      expect(JSON.stringify(done)).toMatch(
        /Only \d cards: the text has few self-contained sentences/,
      );
    }
    const cards = await json<FlashcardPage>(
      await user.get(`/api/flashcards?source_job_id=${job.id}&limit=100`),
      200,
    );
    expect(cards.total).toBe(done.cards_created);
    for (const card of cards.flashcards) {
      expect(card.source_job_id).toBe(job.id);
      expect(card.source_quote).toBeTruthy();
      expect(ARTICLE.replace(/\s+/g, ' ')).toContain(card.source_quote?.replace(/\s+/g, ' '));
    }
    expect(new Set(cards.flashcards.map((card) => card.card_type))).toEqual(
      new Set(['qa', 'cloze']),
    );
    const after = await json<Deck>(await user.get(`/api/decks/${deck.id}`), 200);
    expect(after.card_count).toBe(done.cards_created);

    // The same text again: near-duplicates of the deck's cards are dropped; with none left, the
    // job says why instead of 'Cards Generated!' (and can be retried).
    const again = await startText(user, deck.id, { generationStrategy: 'standard' });
    expect(await finished(user, again.id)).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(
        /^No cards could be made from this content: none of the \d+ generated cards passed the checks \(most often: a near-duplicate of a card in the deck or the job\)$/,
      ),
    });
    const second = await json<GenerationJob>(
      await user.get(`/api/generation/jobs/${again.id}`),
      200,
    );
    expect(second.cards_created).toBe(0);

    const stats = await json<GenerationStats>(
      await user.get(`/api/generation/stats?deck_id=${deck.id}`),
      200,
    );
    expect(stats).toMatchObject({ total: 2, completed: 1, failed: 1, success_rate: 50 });
    const list = await json<{ jobs: GenerationJob[] }>(
      await user.get(`/api/generation/jobs?deck_id=${deck.id}`),
      200,
    );
    expect(list.jobs.map((item) => item.id)).toEqual([again.id, job.id]);

    const cancel = await user.post(`/api/generation/jobs/${job.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(await errorMessage(cancel)).toBe('Cannot cancel completed job');
    const retry = await user.post(`/api/generation/jobs/${job.id}/retry`);
    expect(retry.status).toBe(409);
    expect(await errorMessage(retry)).toBe('Can only retry failed jobs');
  });

  it('honours the requested card type and warns about short content', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const job = await startText(user, deck.id, {
      requestedCardTypes: ['cloze'],
      generationStrategy: 'key_concepts',
    });
    await finished(user, job.id);
    const cards = await json<FlashcardPage>(
      await user.get(`/api/flashcards?source_job_id=${job.id}`),
      200,
    );
    expect(cards.total).toBeGreaterThan(0);
    expect(cards.flashcards.every((card) => card.card_type === 'cloze')).toBe(true);
    expect(cards.flashcards.every((card) => /\{\{c1::.+?\}\}/.test(card.front_content))).toBe(true);

    const short = await json<GenerationJob>(
      await user.post('/api/generation/text', { deckId: deck.id, content: 'Too short.' }),
      201,
    );
    expect(short.warnings).toContain(
      'Content is very short - may not generate meaningful flashcards',
    );
  });

  it('refuses bad requests with the spec messages, creating nothing', async () => {
    const user = await newUser(server.url);
    const other = await newUser(server.url, 'other');
    const deck = await createDeck(user);
    const foreign = await createDeck(other);
    for (const [body, status, message] of [
      [{ deckId: deck.id, content: '   ' }, 400, 'Please enter some text'],
      [{ content: ARTICLE }, 400, 'No deck ID'],
      [{ deckId: deck.id, content: ARTICLE, generationStrategy: 'all' }, 400, 'strategy'],
      [{ deckId: deck.id, content: ARTICLE, requestedCardTypes: [] }, 400, 'card types'],
      [{ deckId: foreign.id, content: ARTICLE }, 404, 'Deck not found or access denied'],
    ] as const) {
      const response = await user.post('/api/generation/text', body);
      expect(response.status).toBe(status);
      expect(await errorMessage(response)).toContain(message);
    }
    const stats = await json<GenerationStats>(await user.get('/api/generation/stats'), 200);
    expect(stats.total).toBe(0);
    expect((await user.get('/api/generation/jobs/unknown')).status).toBe(404);
  });
});

describe('cancel and retry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { GENERATION_WORKERS: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('cancels only pending jobs and retries only failed ones', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const job = await startText(user, deck.id);
    const cancelled = await json<GenerationJob>(
      await user.post(`/api/generation/jobs/${job.id}/cancel`),
      200,
    );
    expect(cancelled).toMatchObject({ status: 'failed', error_message: 'Cancelled by user' });
    expect(cancelled.completed_at).not.toBeNull();
    const twice = await user.post(`/api/generation/jobs/${job.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(await errorMessage(twice)).toBe('Job has already failed');
    const retried = await json<GenerationJob>(
      await user.post(`/api/generation/jobs/${job.id}/retry`),
      200,
    );
    expect(retried).toMatchObject({ status: 'pending', error_message: null, completed_at: null });
    const deleted = await user.request(`/api/generation/jobs/${job.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await user.get(`/api/generation/jobs/${job.id}`)).status).toBe(404);
  });
});

describe('generation through an LLM provider (OpenAI-compatible, local fake)', () => {
  it('fails a job with the provider error, and a retry succeeds', async () => {
    let broken = true;
    const fake = await startFakeLlm((request): FakeReply => {
      if (broken) return { status: 500, message: 'model exploded' };
      const text = promptOf(request);
      return {
        cards: [
          {
            type: 'qa',
            front: 'Where does photosynthesis take place?',
            back: 'In the chloroplasts',
            sourceQuote: text.split('. ')[1] ?? text,
          },
          {
            type: 'cloze',
            front: 'The enzyme {{c1::RuBisCO}} catalyses the first step of carbon fixation.',
            back: 'The enzyme RuBisCO catalyses the first step of carbon fixation.',
            sourceQuote: 'The enzyme RuBisCO',
          },
          // Not supported by the text: dropped.
          { type: 'qa', front: 'Who painted the Mona Lisa?', back: 'Leonardo', sourceQuote: 'x' },
        ],
      };
    });
    const server = await startTestServer({
      env: {
        ...fakeLlmEnv(fake.baseUrl),
        AI_MAX_RETRIES: '0',
      },
    });
    try {
      const user = await newUser(server.url);
      const deck = await createDeck(user);
      const job = await startText(user, deck.id);
      const failed = await finished(user, job.id);
      expect(failed.status).toBe('failed');
      // In plain words; the provider's text goes to the log only (issue 22).
      expect(failed.error_message).toBe(
        'Generation failed: The AI service is busy; try again in a minute',
      );

      broken = false;
      await json(await user.post(`/api/generation/jobs/${job.id}/retry`), 200);
      expect((await finished(user, job.id)).status).toBe('completed');
      const cards = await json<FlashcardPage>(
        await user.get(`/api/flashcards?source_job_id=${job.id}`),
        200,
      );
      expect(cards.flashcards.map((card) => card.back_content).sort()).toEqual([
        'In the chloroplasts',
        'The enzyme RuBisCO catalyses the first step of carbon fixation.',
      ]);
    } finally {
      await server.stop();
      await fake.stop();
    }
  });

  it('takes a job again when its worker died: the lease expires', async () => {
    let hang = true;
    const fake = await startFakeLlm((request): FakeReply =>
      hang
        ? { hang: true }
        : {
            cards: [
              {
                type: 'qa',
                front: 'What is released as a by-product?',
                back: 'oxygen',
                sourceQuote: promptOf(request).includes('oxygen')
                  ? 'oxygen is released as a by-product'
                  : 'x',
              },
            ],
          },
    );
    const env = {
      ...fakeLlmEnv(fake.baseUrl),
      AI_CONCURRENCY: '1',
      GENERATION_LEASE_SECONDS: '5',
    };
    const first = await startTestServer({ env });
    let second: TestServer | undefined;
    try {
      const email = uniqueEmail('lease');
      const user = new HttpClient(first.url);
      await json(
        await user.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Lease' }),
        200,
      );
      const deck = await createDeck(user);
      const job = await startText(user, deck.id, { content: ARTICLE.split('\n\n')[1] });
      const deadline = Date.now() + 30_000;
      while (fake.requests.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(fake.requests.length).toBeGreaterThan(0);
      first.process.kill('SIGKILL'); // the worker dies mid-job, holding the lease
      hang = false;
      second = await startTestServer({ env, shareWith: first });
      const again = new HttpClient(second.url);
      await json(await again.post('/api/auth/sign-in/email', { email, password: PASSWORD }), 200);
      const status = await finished(again, job.id, 40_000);
      expect(status.status).toBe('completed');
      const done = await json<GenerationJob>(
        await again.get(`/api/generation/jobs/${job.id}`),
        200,
      );
      expect(done.attempts).toBe(2);
      expect(done.cards_created).toBe(1);
    } finally {
      await second?.stop();
      await first.stop();
      await fake.stop();
    }
  }, 180_000); // two server starts, each with a text thread to start
});
