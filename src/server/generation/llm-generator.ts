import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { ContentChunk } from '../../core/content';
import type { AiConfig } from '../config';
import type { CardGenerator, GeneratedCard, GenerationRequest, PartProgress } from './generator';
import { AiServiceError, callForCards } from './llm-call';
import { chunkPrompt, instructions, partCount } from './llm-prompt';

export type LlmConfig = Exclude<AiConfig, { provider: 'builtin' }>;

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
 * Says where the job is: the lowest part being worked on (several run at once), the parts done
 * and the parts in all; a retry starts with the parts that succeeded before counted as done.
 */
function partProgress(total: number, doneBefore: number, report?: (p: PartProgress) => void) {
  const running = new Set<number>();
  let done = doneBefore;
  let last = 1;
  const send = () =>
    report?.({ current: running.size > 0 ? Math.min(...running) : last, done, total });
  return {
    start(part: number) {
      running.add(part);
      last = part;
      send();
    },
    finish(part: number) {
      running.delete(part);
      done += 1;
      send();
    },
  };
}

/** The end of every warning about parts left out (a retry of those parts replaces them). */
const OTHERS_KEPT = "the other parts' cards were kept";

/** True for a warning of `failedPartsWarnings`. */
export const isFailedPartsWarning = (warning: string) => warning.endsWith(OTHERS_KEPT);

/**
 * The warnings of a job some of whose parts failed (the other parts' cards kept), one per
 * reason: an answer that could not be read, or the AI service's failure in the same plain
 * words a whole job's failure of that kind uses (llm-call.ts `AI_FAILURES`).
 */
export function failedPartsWarnings(
  failures: readonly { part: number; reason: string }[],
  total: number,
): string[] {
  const byReason = new Map<string, number[]>();
  for (const { part, reason } of [...failures].sort((a, b) => a.part - b.part)) {
    byReason.set(reason, [...(byReason.get(reason) ?? []), part]);
  }
  return [...byReason].map(([reason, parts]) => {
    const names = parts.map((part) => `part ${part} of ${total}`);
    const list =
      names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    const those = parts.length > 1 ? 'those parts were' : 'that part was';
    if (reason === GENERATION_MESSAGES.noCardsFromModel) {
      return `The AI's answer for ${list} could not be read, so ${those} left out; ${OTHERS_KEPT}`;
    }
    const part = `${list?.charAt(0).toUpperCase()}${list?.slice(1)}`;
    return `${part} ${parts.length > 1 ? 'were' : 'was'} left out: ${reason}; ${OTHERS_KEPT}`;
  });
}

/**
 * Card generation by an LLM through the AI SDK (OpenAI, Anthropic or any OpenAI-compatible
 * server). Long content goes in chunks that follow its sections, at most `concurrency` at a
 * time, each asked for its share of the strategy's count (by its prose; a part may yield no
 * card). Each call has its own time limit (AI_TIMEOUT_MS; the job's deadline bounds the whole);
 * an answer that cannot be read is asked again once with the parse error, and a part that
 * still fails is left out with a warning naming it, the other parts' cards kept. The service's
 * failures reach the user in plain words (llm-call.ts). The failed parts are reported
 * (`onFailedParts`), so a retry asks only them again (`onlyParts`); the progress by part goes
 * to `onProgress`. The chunks' cards come back
 * interleaved: the checks that follow (pipeline.ts) drop near-duplicates across chunks and cut
 * the total to the strategy's count in that order.
 */
export function createLlmGenerator(
  config: LlmConfig,
  split: (content: string, signal?: AbortSignal) => ContentChunk[] | Promise<ContentChunk[]>,
): CardGenerator {
  const model = languageModel(config);
  const generate = async (request: GenerationRequest): Promise<GeneratedCard[]> => {
    const chunks = await split(request.content, request.signal);
    const signal = request.signal ?? new AbortController().signal;
    const total = chunks.length;
    // A retry asks only the parts that failed before; the others' cards exist already.
    const asked = chunks
      .map((_, at) => at)
      .filter((at) => !request.onlyParts || request.onlyParts.includes(at + 1));
    const progress = partProgress(total, total - asked.length, request.onProgress);
    const failures: { part: number; reason: string }[] = [];
    const perChunk = await mapBounded(asked, config.concurrency, async (at) => {
      const chunk = chunks[at] as ContentChunk;
      const part = { index: at + 1, total };
      const count = partCount(chunks, at, request.range);
      progress.start(part.index);
      try {
        const result = await callForCards({
          model,
          system: instructions(request, count),
          prompt: chunkPrompt(chunk, {
            title: chunk.title ?? request.title ?? null,
            part,
            previous: chunks[at - 1]?.text ?? null,
          }),
          maxCards: count.max,
          timeoutMs: config.timeoutMs,
          maxRetries: config.maxRetries,
          signal,
        });
        if ('cards' in result) return result.cards;
        request.log?.warn(
          { part: part.index, parts: part.total, error: result.error },
          'LLM answer unreadable',
        );
        failures.push({ part: part.index, reason: GENERATION_MESSAGES.noCardsFromModel });
      } catch (error) {
        if (!(error instanceof AiServiceError)) throw error;
        request.log?.warn(
          { err: error.detail, part: part.index, parts: part.total },
          'LLM call failed',
        );
        failures.push({ part: part.index, reason: error.message });
      } finally {
        progress.finish(part.index);
      }
      return [];
    });
    const retry = request.onlyParts !== undefined;
    if (!retry && failures.length === total && failures[0]) {
      // Nothing came back: the job fails with the plain reason (Retry is offered).
      const service = failures.find(
        (failure) => failure.reason !== GENERATION_MESSAGES.noCardsFromModel,
      );
      throw new Error((service ?? failures[0]).reason);
    }
    if (failures.length > 0) {
      const parts = failures.map((f) => f.part).sort((a, b) => a - b);
      request.onFailedParts?.(parts, total);
      for (const warning of failedPartsWarnings(failures, total)) request.onNote?.(warning);
    }
    const cards = interleave(perChunk);
    // Every part may yield none, but a model that wrote no card at all is said as such (on a
    // retry of some parts, the job has the other parts' cards: none more is no failure).
    if (cards.length === 0 && !retry) throw new Error(GENERATION_MESSAGES.noCardsFromModel);
    return cards;
  };
  return Object.assign(generate, { reportsDrops: true });
}
