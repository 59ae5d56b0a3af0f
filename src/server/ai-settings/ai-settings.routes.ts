import { AI_SETTINGS_MESSAGES, saveAiSettingsSchema } from '../../core/ai-settings-schemas';
import { type ApiRoute, route } from '../http/route-table';
import { getAiSettings, removeAiSettings, saveAiSettings } from './ai-settings.service';

/** Settings → AI (issue 22 §4): account routes, so a session only (never an API token). */
export const aiSettingsRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/ai-settings',
    tag: 'AI settings',
    summary:
      "The model that runs the user's generation jobs: their own (key shown as '••••1234') or the server's",
    sessionOnly: true,
    example: {},
    handle: ({ db, user, ai }) => getAiSettings(db, user.id, ai),
  }),
  route({
    method: 'post',
    path: '/ai-settings',
    tag: 'AI settings',
    summary:
      'Connect a model: the key is checked with one small request, then stored encrypted and never sent back',
    sessionOnly: true,
    body: saveAiSettingsSchema,
    errors: {
      400: [
        AI_SETTINGS_MESSAGES.provider,
        AI_SETTINGS_MESSAGES.model,
        AI_SETTINGS_MESSAGES.key,
        AI_SETTINGS_MESSAGES.keyRefused,
        AI_SETTINGS_MESSAGES.modelUnknown,
        AI_SETTINGS_MESSAGES.unreachable,
      ],
      403: [AI_SETTINGS_MESSAGES.disabled],
    },
    example: {
      body: () => ({ provider: 'openai', model: 'gpt-4o-mini', api_key: 'sk-test-good-key-1234' }),
    },
    handle: ({ db, user, body, ai }) => saveAiSettings(db, user.id, body, ai),
  }),
  route({
    method: 'delete',
    path: '/ai-settings',
    tag: 'AI settings',
    summary: "Remove the user's own model: their jobs run on the server's generator again",
    sessionOnly: true,
    example: {},
    handle: ({ db, user, ai }) => removeAiSettings(db, user.id, ai),
  }),
];
