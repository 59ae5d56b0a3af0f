import { APICallError, generateText, RetryError } from 'ai';
import { AI_SETTINGS_MESSAGES } from '../../core/ai-settings-schemas';
import { HttpError } from '../http/errors';
import { languageModel, type LlmConfig } from '../generation/llm-generator';

/** One small request with the user's key: does the provider take the key and know the model? */
export type KeyCheck = (config: LlmConfig) => Promise<void>;

const CHECK_TIMEOUT_MS = 20_000;

/** The provider's answer in the user's words; the provider's own text goes to the log only. */
export function keyCheckError(error: unknown): HttpError {
  const cause = error instanceof RetryError ? error.lastError : error;
  const status = APICallError.isInstance(cause) ? cause.statusCode : undefined;
  if (status === 401 || status === 403) {
    return new HttpError(400, 'AI_KEY_REFUSED', AI_SETTINGS_MESSAGES.keyRefused);
  }
  if (status === 404 || status === 400) {
    return new HttpError(400, 'AI_MODEL_UNKNOWN', AI_SETTINGS_MESSAGES.modelUnknown);
  }
  if (status === 429 || (status !== undefined && status >= 500)) {
    return new HttpError(429, 'AI_BUSY', AI_SETTINGS_MESSAGES.busy);
  }
  return new HttpError(400, 'AI_UNREACHABLE', AI_SETTINGS_MESSAGES.unreachable);
}

export const checkKey: KeyCheck = async (config) => {
  try {
    await generateText({
      model: languageModel(config),
      prompt: 'Reply with the word OK.',
      maxOutputTokens: 16,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(Math.min(config.timeoutMs, CHECK_TIMEOUT_MS)),
    });
  } catch (error) {
    throw Object.assign(keyCheckError(error), { cause: error });
  }
};
