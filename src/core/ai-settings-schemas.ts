import { z } from 'zod';

/**
 * Settings → AI (issue 22 §4): a user connects their own model with a key. Custom base URLs are
 * not offered here (a user-chosen address would let a user make the server call any host): they
 * stay an operator setting (AI_BASE_URL).
 */
export const USER_AI_PROVIDERS = ['openai', 'anthropic', 'openrouter'] as const;
export type UserAiProvider = (typeof USER_AI_PROVIDERS)[number];

export const USER_AI_PROVIDER_NAMES: Record<UserAiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  openrouter: 'OpenRouter',
};

/** A short list to pick from; any other model name may be typed. The first is the default. */
export const SUGGESTED_MODELS: Record<UserAiProvider, string[]> = {
  openai: ['gpt-4o-mini', 'gpt-4.1-mini', 'gpt-4.1', 'gpt-4o'],
  anthropic: ['claude-3-5-haiku-latest', 'claude-sonnet-4-5', 'claude-opus-4-1'],
  openrouter: ['openai/gpt-4o-mini', 'anthropic/claude-3.5-haiku', 'google/gemini-2.5-flash'],
};

export const AI_SETTINGS_MESSAGES = {
  provider: 'Choose OpenAI, Anthropic or OpenRouter',
  model: 'Enter a model name (letters, digits and . _ : / - only)',
  key: 'Paste an API key (8 to 300 characters, no spaces)',
  disabled: 'Connecting your own AI model is turned off on this server',
  keyRefused: 'The AI service refused the key; check the key and try again',
  modelUnknown: 'The AI service does not know this model; choose another',
  busy: 'The AI service is busy; try again in a minute',
  unreachable: 'The AI service could not be reached; try again later',
} as const;

export const saveAiSettingsSchema = z.strictObject({
  provider: z.enum(USER_AI_PROVIDERS, { message: AI_SETTINGS_MESSAGES.provider }),
  model: z
    .string({ message: AI_SETTINGS_MESSAGES.model })
    .trim()
    .min(1, AI_SETTINGS_MESSAGES.model)
    .max(100, AI_SETTINGS_MESSAGES.model)
    .regex(/^[\w.:/-]+$/, AI_SETTINGS_MESSAGES.model),
  api_key: z
    .string({ message: AI_SETTINGS_MESSAGES.key })
    .trim()
    .min(8, AI_SETTINGS_MESSAGES.key)
    .max(300, AI_SETTINGS_MESSAGES.key)
    .regex(/^\S+$/, AI_SETTINGS_MESSAGES.key),
});
export type SaveAiSettings = z.infer<typeof saveAiSettingsSchema>;

/** What runs a user's generation jobs, as the browser sees it (never the key itself). */
export interface AiSettingsView {
  /** Whether this server lets users connect their own model. */
  user_keys_allowed: boolean;
  /** The user's own model, or null when the server's generator runs. */
  connected: {
    provider: UserAiProvider;
    model: string;
    key_hint: string;
    updated_at: string;
  } | null;
  /** The server's own generator: the built-in one or the operator's model. */
  server: { kind: 'builtin' } | { kind: 'llm'; provider: string; model: string };
}

/** '••••1234': the last four characters of a key, the rest hidden. */
export function keyHint(key: string): string {
  return `••••${key.slice(-4)}`;
}

/** The generator that will run, in words ('Built-in offline generator', 'OpenAI · gpt-4o-mini'). */
export function generatorLabel(view: AiSettingsView): string {
  if (view.connected) {
    return `${USER_AI_PROVIDER_NAMES[view.connected.provider]} · ${view.connected.model} (your key)`;
  }
  if (view.server.kind === 'llm') return `${view.server.provider} · ${view.server.model}`;
  return 'Built-in offline generator';
}
