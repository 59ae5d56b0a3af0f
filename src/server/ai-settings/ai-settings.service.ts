import type { Kysely } from 'kysely';
import {
  AI_SETTINGS_MESSAGES,
  type AiSettingsView,
  keyHint,
  type SaveAiSettings,
  USER_AI_PROVIDERS,
  type UserAiProvider,
} from '../../core/ai-settings-schemas';
import type { AiConfig } from '../config';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import type { LlmConfig } from '../generation/llm-generator';
import { forbidden } from '../http/errors';
import { deleteAiSettings, findAiSettings, upsertAiSettings } from './ai-settings.repository';
import type { KeyBox } from './key-box';
import type { KeyCheck } from './key-check';

/** What the user-key feature needs from the server (services.ts builds it). */
export interface UserAi {
  /** AI_USER_KEYS: whether users may connect their own model. */
  allowed: boolean;
  keyBox: KeyBox;
  /** The operator's generator (AI_PROVIDER…): used when the user connected none. */
  server: AiConfig;
  /** Tests only (TEST_AI_PROVIDER_URL): where the providers are reached instead of their hosts. */
  providerUrl: string | undefined;
  check: KeyCheck;
}

const OPENROUTER_URL = 'https://openrouter.ai/api/v1';
const DEFAULT_LIMITS = { timeoutMs: 120_000, concurrency: 2, maxRetries: 3 };

/** The model settings of a user's own provider (fixed hosts: users never choose an address). */
export function userLlmConfig(
  provider: UserAiProvider,
  model: string,
  apiKey: string,
  ai: Pick<UserAi, 'server' | 'providerUrl'>,
): LlmConfig {
  const { timeoutMs, concurrency, maxRetries } =
    ai.server.provider === 'builtin' ? DEFAULT_LIMITS : ai.server;
  const shared = { model, apiKey, timeoutMs, concurrency, maxRetries };
  switch (provider) {
    case 'openai':
      return { provider: 'openai', baseUrl: ai.providerUrl, ...shared };
    case 'anthropic':
      return { provider: 'anthropic', baseUrl: ai.providerUrl, ...shared };
    case 'openrouter':
      return {
        provider: 'openai-compatible',
        baseUrl: ai.providerUrl ?? OPENROUTER_URL,
        ...shared,
      };
  }
}

const isProvider = (value: string): value is UserAiProvider =>
  (USER_AI_PROVIDERS as readonly string[]).includes(value);

/** The model a user's jobs run on: their own when connected (and allowed), else null. */
export async function connectedLlm(
  db: Kysely<Database>,
  userId: string,
  ai: UserAi,
): Promise<LlmConfig | null> {
  if (!ai.allowed) return null;
  const row = await findAiSettings(db, userId);
  if (!row || !isProvider(row.provider)) return null;
  const key = ai.keyBox.open(row.key_sealed);
  return key === null ? null : userLlmConfig(row.provider, row.model, key, ai);
}

export async function getAiSettings(
  db: Kysely<Database>,
  userId: string,
  ai: UserAi,
): Promise<AiSettingsView> {
  const row = ai.allowed ? await findAiSettings(db, userId) : undefined;
  return {
    user_keys_allowed: ai.allowed,
    connected:
      row && isProvider(row.provider)
        ? {
            provider: row.provider,
            model: row.model,
            key_hint: row.key_hint,
            updated_at: new Date(row.updated_at).toISOString(),
          }
        : null,
    server:
      ai.server.provider === 'builtin'
        ? { kind: 'builtin' }
        : { kind: 'llm', provider: ai.server.provider, model: ai.server.model },
  };
}

/** Checks the key with one small request, then keeps it sealed; the key is never sent back. */
export async function saveAiSettings(
  db: Kysely<Database>,
  userId: string,
  body: SaveAiSettings,
  ai: UserAi,
): Promise<AiSettingsView> {
  if (!ai.allowed) throw forbidden(AI_SETTINGS_MESSAGES.disabled, 'AI_USER_KEYS_DISABLED');
  await ai.check(userLlmConfig(body.provider, body.model, body.api_key, ai));
  await upsertAiSettings(db, userId, {
    provider: body.provider,
    model: body.model,
    key_sealed: ai.keyBox.seal(body.api_key),
    key_hint: keyHint(body.api_key),
    updated_at: nowIso(),
  });
  return getAiSettings(db, userId, ai);
}

export async function removeAiSettings(
  db: Kysely<Database>,
  userId: string,
  ai: UserAi,
): Promise<AiSettingsView> {
  await deleteAiSettings(db, userId);
  return getAiSettings(db, userId, ai);
}
