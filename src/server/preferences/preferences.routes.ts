import { DECK_MESSAGES } from '../../core/deck-schemas';
import { updatePreferencesSchema } from '../../core/preferences-schemas';
import { type ApiRoute, route } from '../http/route-table';
import { getPreferences, updatePreferences } from './preferences.service';

/** The account's preferences (Settings → Study). */
export const preferenceRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/preferences',
    tag: 'Preferences',
    summary: "The account's preferences: the scheduler of new decks ('sm2' unless changed)",
    errors: {},
    example: {},
    handle: ({ db, user }) => getPreferences(db, user.id),
  }),
  route({
    method: 'patch',
    path: '/preferences',
    tag: 'Preferences',
    summary: "Change the account's preferences; existing decks keep their scheduler",
    body: updatePreferencesSchema,
    errors: { 400: [DECK_MESSAGES.scheduler] },
    example: { body: () => ({ default_scheduler: 'fsrs' }) },
    handle: ({ db, user, body }) => updatePreferences(db, user.id, body),
  }),
];
