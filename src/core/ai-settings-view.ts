/**
 * Settings → AI (issue 22 §4): a user connects their own model with a key. Custom base URLs are
 * not offered here (a user-chosen address would let a user make the server call any host): they
 * stay an operator setting (AI_BASE_URL). Without zod: the web app's panels import this
 * (ai-settings-schemas.ts re-exports it; issue 19).
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
