import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateObject, type LanguageModel } from 'ai';
import { z } from 'zod';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { AiConfig } from '../config';
import type { CardGenerator, GeneratedCard, GenerationRequest } from './generator';

type LlmConfig = Exclude<AiConfig, { provider: 'builtin' }>;

/** The structured output every provider must return, validated with zod. */
const cardsSchema = z.object({
  cards: z.array(
    z.object({
      type: z.enum(['qa', 'cloze']),
      front: z.string().min(1),
      back: z.string().min(1),
      sourceQuote: z.string().min(1),
    }),
  ),
});

function languageModel(config: LlmConfig): LanguageModel {
  switch (config.provider) {
    case 'openai':
      // The chat completions API: it is what OpenAI-compatible proxies also speak.
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl ?? '',
        apiKey: config.apiKey,
        supportsStructuredOutputs: true,
      }).chatModel(config.model);
  }
}

const STRATEGY_TEXT = {
  key_concepts: 'only the most important key concepts',
  standard: 'the main facts and ideas',
  detailed: 'the facts, ideas and details thoroughly',
} as const;

function instructions(request: GenerationRequest, count: { min: number; max: number }) {
  const types = request.cardTypes
    .map((type) =>
      type === 'qa'
        ? '"qa" (a question on the front, its answer on the back)'
        : '"cloze" (the front is a sentence from the text with the key term written as {{c1::term}}; the back is the same sentence in full)',
    )
    .join(' and ');
  return [
    'You write flashcards for spaced-repetition study from the text the user gives.',
    `Cover ${STRATEGY_TEXT[request.strategy]}. Write between ${count.min} and ${count.max} cards.`,
    `Card types to write: ${types}.`,
    'Every card must be answerable from the text alone. For each card, copy into sourceQuote the exact sentence or passage of the text it comes from.',
    'Keep answers short (a term, a name, a number, or one sentence). Never make the answer a stop word or the whole passage.',
    'Do not repeat a fact already covered by another card. Write in the language of the text.',
  ].join('\n');
}

/** Runs `work` over `items` with at most `limit` running at once, keeping the order. */
async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Card generation by an LLM through the AI SDK (OpenAI, Anthropic or any OpenAI-compatible
 * server). Long content goes in chunks cut on paragraph boundaries, at most `concurrency` at a
 * time; the SDK retries 429 and 5xx with backoff; the whole call has a timeout.
 */
export function createLlmGenerator(
  config: LlmConfig,
  split: (content: string, signal?: AbortSignal) => string[] | Promise<string[]>,
): CardGenerator {
  const model = languageModel(config);
  return async (request: GenerationRequest): Promise<GeneratedCard[]> => {
    const chunks = await split(request.content, request.signal);
    const total = request.content.length || 1;
    const signal = AbortSignal.any([
      AbortSignal.timeout(config.timeoutMs),
      ...(request.signal ? [request.signal] : []),
    ]);
    const perChunk = await mapBounded(chunks, config.concurrency, async (chunk) => {
      const share = chunk.length / total;
      const count = {
        min: Math.max(1, Math.round(request.range.min * share)),
        max: Math.max(1, Math.ceil(request.range.max * share)),
      };
      const { object } = await generateObject({
        model,
        schema: cardsSchema,
        system: instructions(request, count),
        prompt: chunk,
        maxRetries: config.maxRetries,
        abortSignal: signal,
        temperature: 0.2,
      });
      return object.cards;
    });
    const cards = perChunk.flat();
    // The model's empty answer is said as such (the job fails and can be retried).
    if (cards.length === 0) throw new Error(GENERATION_MESSAGES.noCardsFromModel);
    return cards;
  };
}
