import { z } from 'zod';
import { USER_AI_PROVIDERS } from './ai-settings-view';

export * from './ai-settings-view';

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
