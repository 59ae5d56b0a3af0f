import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { GenerationJob } from '../../core/generation-requests';
import { markedTermsOf } from '../../core/cards-from-text/signals';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 23: the built-in generator on a section learners study (OpenStax, *Anatomy and
 * Physiology*, 18.5 "Hemostasis", 2,698 words, CC BY 4.0), read from `../shared/data/texts/study/`
 * beside the checkout (never copied). Per strategy, through the API with 'Both Types': the
 * strategy's count range, both types at least a third (rounded down), and the share of the
 * text's marked key terms (`**term**`) that some card names.
 */
const TEXT = readFileSync(
  new URL('../../../../shared/data/texts/study/medicine-hemostasis.md', import.meta.url),
  'utf8',
);
const KEY_TERMS = markedTermsOf(TEXT).filter((term) => term.length > 2);
const stems = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.replace(/(?:ies|es|s)$/, ''))
    .join(' ');

async function generate(user: HttpClient, strategy: string) {
  const deck = await createDeck(user, `hemostasis ${strategy}`);
  const job = await json<GenerationJob>(
    await user.post('/api/generation/text', {
      deckId: deck.id,
      content: TEXT,
      generationStrategy: strategy,
      requestedCardTypes: ['qa', 'cloze'],
    }),
    201,
  );
  expect(await finishedJob(user, job.id)).toMatchObject({ status: 'completed' });
  const page = await json<FlashcardPage>(
    await user.get(`/api/flashcards?source_job_id=${job.id}&limit=100`),
    200,
  );
  return page.flashcards;
}

describe('the built-in generator on a study text, per strategy (issue 23)', () => {
  let server: TestServer;
  let user: HttpClient;
  beforeAll(async () => {
    server = await startTestServer();
    user = await newUser(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  // [min, max] of the strategy on a text of this length, and the key-term share it names.
  const expected = {
    key_concepts: { min: 3, max: 8, coverage: 0.4 },
    standard: { min: 5, max: 15, coverage: 0.4 },
    detailed: { min: 10, max: 28, coverage: 0.6 },
  } as const;
  for (const strategy of ['key_concepts', 'standard', 'detailed'] as const) {
    it(`${strategy}: the range, both types and the marked key terms`, async () => {
      const cards = await generate(user, strategy);
      const { min, max, coverage } = expected[strategy];
      expect(cards.length).toBeGreaterThanOrEqual(min);
      expect(cards.length).toBeLessThanOrEqual(max);
      const qa = cards.filter((card) => card.card_type === 'qa').length;
      const third = Math.floor(cards.length / 3);
      expect(qa).toBeGreaterThanOrEqual(third);
      expect(cards.length - qa).toBeGreaterThanOrEqual(third);
      const texts = cards.map((card) => stems(`${card.front_content} ${card.back_content ?? ''}`));
      const named = KEY_TERMS.filter((term) => texts.some((text) => text.includes(stems(term))));
      expect(named.length / KEY_TERMS.length).toBeGreaterThanOrEqual(coverage);
      // No two cards ask the same question.
      const questions = cards
        .filter((card) => card.card_type === 'qa')
        .map((card) => card.front_content.toLowerCase());
      expect(new Set(questions).size).toBe(questions.length);
    });
  }
});
