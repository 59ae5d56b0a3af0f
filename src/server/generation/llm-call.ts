/**
 * One request to the model (issue 22 §2): bounded by AI_TIMEOUT_MS on its own (the job as a
 * whole by GENERATION_DEADLINE_SECONDS), `max_tokens` from the number of cards asked, and its
 * failures said in plain words — the provider's text (which may quote part of the key) and
 * the SDK's error names go to the log only.
 */
import { generateText, type LanguageModel } from 'ai';
import { type ModelCard, parseModelCards } from '../../core/cards-from-text/llm-output';

/** What the user reads when the AI service fails (SPEC wording of issue 22). */
export const AI_FAILURES = {
  busy: 'The AI service is busy; try again in a minute',
  refused: 'The AI service refused the key; check the AI settings',
  setup: 'AI generation is not set up correctly',
  slow: 'The AI service took too long',
} as const;

/** A model call that failed, with the words the user reads (`detail` is for the log only). */
export class AiServiceError extends Error {
  constructor(
    message: string,
    readonly detail: unknown,
  ) {
    super(message);
    this.name = 'AiServiceError';
  }
}

/** The HTTP status somewhere in an SDK error (the error, its last retry, or its cause). */
function statusOf(error: unknown, depth = 0): number | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const value = error as { statusCode?: unknown; lastError?: unknown; cause?: unknown };
  if (typeof value.statusCode === 'number') return value.statusCode;
  return statusOf(value.lastError, depth + 1) ?? statusOf(value.cause, depth + 1);
}

/** The plain words for a failed call (the call's own timeout counts as 'took too long'). */
export function plainFailure(error: unknown, timedOut: boolean): string {
  if (timedOut) return AI_FAILURES.slow;
  const status = statusOf(error);
  if (status === 401 || status === 403) return AI_FAILURES.refused;
  if (status === 429 || (status !== null && status >= 500)) return AI_FAILURES.busy;
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'TimeoutError') return AI_FAILURES.slow;
  if (status !== null || /NoSuchModel|InvalidArgument|TypeValidation/.test(name)) {
    return AI_FAILURES.setup;
  }
  // A refused connection or a lost network is the service being unreachable for now.
  return AI_FAILURES.busy;
}

/** Output tokens for `cards` cards: about 160 a card (question, answer, quote), and room. */
export const maxTokensFor = (cards: number) => 400 + 160 * Math.max(1, cards);

export interface CallOptions {
  model: LanguageModel;
  system: string;
  prompt: string;
  maxCards: number;
  timeoutMs: number;
  maxRetries: number;
  /** The job's signal: cancel, lost lease, the job's deadline. */
  signal: AbortSignal;
}

/**
 * The cards of one part: one call, and one more with the parse error when the answer cannot
 * be read. Throws AiServiceError (plain words) when the service fails; returns `error` when
 * the answer still cannot be read.
 */
export async function callForCards(
  options: CallOptions,
): Promise<{ cards: ModelCard[] } | { error: string }> {
  let prompt = options.prompt;
  let last: { error: string } = { error: '' };
  for (let attempt = 0; attempt < 2; attempt++) {
    const own = AbortSignal.timeout(options.timeoutMs);
    let text: string;
    try {
      ({ text } = await generateText({
        model: options.model,
        system: options.system,
        prompt,
        maxRetries: options.maxRetries,
        maxOutputTokens: maxTokensFor(options.maxCards),
        abortSignal: AbortSignal.any([own, options.signal]),
        temperature: 0.2,
      }));
    } catch (error) {
      if (options.signal.aborted) throw error; // the job's own stop: not the service's fault
      throw new AiServiceError(plainFailure(error, own.aborted), error);
    }
    const parsed = parseModelCards(text);
    if ('cards' in parsed) return parsed;
    last = parsed;
    prompt = `${options.prompt}\n\nYour previous answer could not be read: ${parsed.error} Answer again with only the JSON object {"cards": [...]}.`;
  }
  return last;
}
