import type { ParsedEnv } from './env-schema';
import type { AiConfig, OAuthProviderConfig } from './types';

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;

/** Which model generates cards (AI_PROVIDER…); a missing key or address is a problem. */
export function aiConfigOf(e: ParsedEnv, problems: string[]): AiConfig {
  if (e.AI_PROVIDER === 'builtin') return { provider: 'builtin' };
  const apiKey =
    e.AI_API_KEY ??
    (e.AI_PROVIDER === 'openai'
      ? e.OPENAI_API_KEY
      : e.AI_PROVIDER === 'anthropic'
        ? e.ANTHROPIC_API_KEY
        : undefined);
  if (e.AI_PROVIDER === 'openai' && !apiKey) {
    problems.push('OPENAI_API_KEY: must be set (or AI_API_KEY) when AI_PROVIDER is openai');
  }
  if (e.AI_PROVIDER === 'anthropic' && !apiKey) {
    problems.push('ANTHROPIC_API_KEY: must be set (or AI_API_KEY) when AI_PROVIDER is anthropic');
  }
  if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL) {
    problems.push('AI_BASE_URL: must be set when AI_PROVIDER is openai-compatible');
  }
  if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_MODEL) {
    problems.push('AI_MODEL: must be set when AI_PROVIDER is openai-compatible');
  }
  return {
    provider: e.AI_PROVIDER,
    model:
      e.AI_MODEL ?? (e.AI_PROVIDER === 'openai-compatible' ? '' : DEFAULT_MODELS[e.AI_PROVIDER]),
    baseUrl: e.AI_BASE_URL?.replace(/\/$/, ''),
    apiKey,
    timeoutMs: e.AI_TIMEOUT_MS,
    concurrency: e.AI_CONCURRENCY,
    maxRetries: e.AI_MAX_RETRIES,
  };
}

/** Two settings that go together (an OAuth client, S3 keys): both, or neither. */
export function pair(
  problems: string[],
  idKey: string,
  secretKey: string,
  id: string | undefined,
  secret: string | undefined,
): OAuthProviderConfig | undefined {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (id || secret) {
    problems.push(`${id ? secretKey : idKey}: must be set together with ${id ? idKey : secretKey}`);
  }
  return undefined;
}
