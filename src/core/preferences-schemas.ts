import { z } from 'zod';
import { DECK_MESSAGES, SCHEDULERS, type SchedulerName } from './deck-schemas';

/** The account's settings that are not better-auth's: the scheduler of new decks. */
export interface Preferences {
  /** 'sm2' (the spec's scheduler, the default) or 'fsrs'. Existing decks keep theirs. */
  default_scheduler: SchedulerName;
}

export const DEFAULT_PREFERENCES: Preferences = { default_scheduler: 'sm2' };

export const updatePreferencesSchema = z.strictObject({
  default_scheduler: z.enum(SCHEDULERS, { message: DECK_MESSAGES.scheduler }),
});
