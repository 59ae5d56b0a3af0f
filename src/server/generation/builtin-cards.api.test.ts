import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { GenerationJob } from '../../core/generation-requests';
import { cardProblems } from '../../core/cards-from-text/quality';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/** A real, hard-wrapped text nobody here wrote: GNU Bash's INTRO (see its SOURCES.md). */
const TEXT = readFileSync(
  new URL('../../../e2e/fixtures/texts/bash-intro.txt', import.meta.url),
  'utf8',
);
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function generate(user: HttpClient, strategy: string, cardType: string) {
  const deck = await createDeck(user, `${strategy} ${cardType}`);
  const job = await json<GenerationJob>(
    await user.post('/api/generation/text', {
      deckId: deck.id,
      content: TEXT,
      generationStrategy: strategy,
      requestedCardTypes: cardType === 'both' ? ['qa', 'cloze'] : [cardType],
    }),
    201,
  );
  expect(await finishedJob(user, job.id)).toMatchObject({ status: 'completed' });
  const page = await json<FlashcardPage>(
    await user.get(`/api/flashcards?source_job_id=${job.id}&limit=100`),
    200,
  );
  const done = await json<GenerationJob>(await user.get(`/api/generation/jobs/${job.id}`), 200);
  return { cards: page.flashcards, job: done };
}

describe('the built-in generator through the API, on a real text', () => {
  let server: TestServer;
  let user: HttpClient;
  beforeAll(async () => {
    server = await startTestServer();
    user = await newUser(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ranges = { key_concepts: [3, 8], standard: [5, 15], detailed: [10, 25] } as const;
  for (const strategy of ['key_concepts', 'standard', 'detailed'] as const) {
    for (const cardType of ['both', 'qa', 'cloze'] as const) {
      it(`${strategy}, ${cardType}: cards of the asked type that pass every check, grounded in the text`, async () => {
        const { cards, job } = await generate(user, strategy, cardType);
        const [min, max] = ranges[strategy];
        expect(cards.length).toBeLessThanOrEqual(max);
        if (cards.length < min) expect(job.warnings.join(' ')).toMatch(/^Only \d+ card/);
        else expect(cards.length).toBeGreaterThanOrEqual(min);
        expect(cards.length).toBeGreaterThan(0);
        for (const card of cards) {
          if (cardType !== 'both') expect(card.card_type).toBe(cardType);
          const candidate = {
            type: card.card_type,
            front: card.front_content,
            back: card.back_content ?? '',
            sourceQuote: card.source_quote ?? '',
          };
          expect(cardProblems(candidate), card.front_content).toEqual([]);
          expect(flat(TEXT)).toContain(flat(card.source_quote ?? ''));
          if (card.card_type === 'qa') expect(card.front_content).not.toMatch(/_{3}/);
        }
      });
    }
  }
});
