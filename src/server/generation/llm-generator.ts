import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateObject, type LanguageModel } from 'ai';
import { z } from 'zod';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { ContentChunk } from '../../core/content';
import type { AiConfig } from '../config';
import type { CardGenerator, GeneratedCard } from './generator';
import { chunkPrompt, instructions } from './llm-prompt';

export type LlmConfig = Exclude<AiConfig, { provider: 'builtin' }>;

/** The structured output every provider must return, validated with zod. */
const cardsSchema = z.object({
  cards: z.array(
    z.object({
      type: z.enum(['qa', 'cloze']),
      // Empty sides are dropped by the checks (with the reason), not a failed answer.
      front: z.string(),
      back: z.string(),
      sourceQuote: z.string(),
    }),
  ),
});

export function languageModel(config: LlmConfig): LanguageModel {
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
 * The cards of all chunks in turns (the first card of each chunk, then the second of each…),
 * so that the job's count, cut after the checks, keeps cards from every part of the text.
 */
export function interleave<T>(perChunk: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...perChunk.map((cards) => cards.length));
  for (let turn = 0; turn < longest; turn++) {
    for (const cards of perChunk) if (turn < cards.length) out.push(cards[turn] as T);
  }
  return out;
}

/**
 * Card generation by an LLM through the AI SDK (OpenAI, Anthropic or any OpenAI-compatible
 * server). Long content goes in chunks that follow its sections, at most `concurrency` at a
 * time, each asked for its share of the strategy's count (by size); the SDK retries 429 and
 * 5xx with backoff; the whole call has a timeout. The chunks' cards come back interleaved: the
 * checks that follow (pipeline.ts) drop near-duplicates across chunks and cut the total to
 * the strategy's count in that order.
 */
export function createLlmGenerator(
  config: LlmConfig,
  split: (content: string, signal?: AbortSignal) => ContentChunk[] | Promise<ContentChunk[]>,
): CardGenerator {
  const model = languageModel(config);
  return async (request): Promise<GeneratedCard[]> => {
    const chunks = await split(request.content, request.signal);
    const total = chunks.reduce((sum, chunk) => sum + chunk.text.length, 0) || 1;
    const signal = AbortSignal.any([
      AbortSignal.timeout(config.timeoutMs),
      ...(request.signal ? [request.signal] : []),
    ]);
    const perChunk = await mapBounded(chunks, config.concurrency, async (chunk) => {
      const share = chunk.text.length / total;
      const count = {
        min: Math.max(1, Math.round(request.range.min * share)),
        max: Math.max(1, Math.ceil(request.range.max * share)),
      };
      const { object } = await generateObject({
        model,
        schema: cardsSchema,
        system: instructions(request, count),
        prompt: chunkPrompt(chunk),
        maxRetries: config.maxRetries,
        abortSignal: signal,
        temperature: 0.2,
      });
      return object.cards;
    });
    const cards = interleave(perChunk);
    // The model's empty answer is said as such (the job fails and can be retried).
    if (cards.length === 0) throw new Error(GENERATION_MESSAGES.noCardsFromModel);
    return cards;
  };
}
