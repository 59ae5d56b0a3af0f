import { z } from 'zod';
import { DECK_NAME_MAX } from './content-limits';

/** Limits on deck fields (documented in docs/ARCHITECTURE.md). */
export { DECK_NAME_MAX } from './content-limits';
export const DECK_DESCRIPTION_MAX = 2000;
export const DECK_DAILY_LIMIT_MAX = 9999;

export const DECK_MESSAGES = {
  nameRequired: 'Deck name is required',
  nameTooLong: `Deck name must be at most ${DECK_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${DECK_DESCRIPTION_MAX} characters`,
  dailyLimit: `Daily limits must be whole numbers from 0 to ${DECK_DAILY_LIMIT_MAX}`,
  scheduler: 'Scheduler must be fsrs or sm2',
  desiredRetention: 'Desired retention must be between 0.70 and 0.99',
  maximumInterval: 'Maximum interval must be a whole number of days from 1 to 36500',
  leechThreshold: 'Leech threshold must be a whole number of lapses from 1 to 99',
  leechAction: 'Leech action must be suspend or tag',
  burySiblings: 'Bury options must be true or false',
  notFound: 'Deck not found',
  notFoundOrDenied: 'Deck not found or access denied',
} as const;

const deckName = z
  .string({ message: DECK_MESSAGES.nameRequired })
  .trim()
  .min(1, DECK_MESSAGES.nameRequired)
  .max(DECK_NAME_MAX, DECK_MESSAGES.nameTooLong);

/** Trimmed; an empty description is stored as null (SPEC §5: "omitted when empty"). */
const deckDescription = z
  .string({ message: 'Description must be text' })
  .trim()
  .max(DECK_DESCRIPTION_MAX, DECK_MESSAGES.descriptionTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

const dailyLimit = z
  .number({ message: DECK_MESSAGES.dailyLimit })
  .int(DECK_MESSAGES.dailyLimit)
  .min(0, DECK_MESSAGES.dailyLimit)
  .max(DECK_DAILY_LIMIT_MAX, DECK_MESSAGES.dailyLimit);

export const SCHEDULERS = ['fsrs', 'sm2'] as const;
export type SchedulerName = (typeof SCHEDULERS)[number];

const scheduler = z.enum(SCHEDULERS, { message: DECK_MESSAGES.scheduler });
const desiredRetention = z
  .number({ message: DECK_MESSAGES.desiredRetention })
  .min(0.7, DECK_MESSAGES.desiredRetention)
  .max(0.99, DECK_MESSAGES.desiredRetention);
const maximumInterval = z
  .number({ message: DECK_MESSAGES.maximumInterval })
  .int(DECK_MESSAGES.maximumInterval)
  .min(1, DECK_MESSAGES.maximumInterval)
  .max(36500, DECK_MESSAGES.maximumInterval);

export const LEECH_ACTIONS = ['suspend', 'tag'] as const;
const leechThreshold = z
  .number({ message: DECK_MESSAGES.leechThreshold })
  .int(DECK_MESSAGES.leechThreshold)
  .min(1, DECK_MESSAGES.leechThreshold)
  .max(99, DECK_MESSAGES.leechThreshold);
const leechAction = z.enum(LEECH_ACTIONS, { message: DECK_MESSAGES.leechAction });
const buryOption = z.boolean({ message: DECK_MESSAGES.burySiblings });

/** Create deck (SPEC §5): the name is required after trimming. */
export const createDeckSchema = z.strictObject({
  name: deckName,
  description: deckDescription,
});
export type CreateDeckInput = z.input<typeof createDeckSchema>;

/** Update deck: any subset of the editable fields, at least one. */
export const updateDeckSchema = z
  .strictObject({
    name: deckName.optional(),
    description: deckDescription.optional(),
    new_cards_per_day: dailyLimit.optional(),
    max_reviews_per_day: dailyLimit.optional(),
    scheduler: scheduler.optional(),
    desired_retention: desiredRetention.optional(),
    maximum_interval_days: maximumInterval.optional(),
    bury_new_siblings: buryOption.optional(),
    bury_review_siblings: buryOption.optional(),
    bury_interday_learning_siblings: buryOption.optional(),
    leech_threshold: leechThreshold.optional(),
    leech_action: leechAction.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateDeckInput = z.input<typeof updateDeckSchema>;

export const duplicateDeckSchema = z.strictObject({
  name: deckName.optional(),
});

export const deckSearchSchema = z.strictObject({
  search: z.string().trim().max(DECK_NAME_MAX).optional(),
});

/** A deck as the API returns it. */
export interface Deck {
  id: string;
  name: string;
  description: string | null;
  card_count: number;
  /**
   * New and due cards a session started now would hold, within today's limits (the
   * dashboard's 'N Due' badge; see `sessionCounts` in core/scheduling).
   */
  due_count: number;
  /** The new cards among them. */
  new_count: number;
  new_cards_per_day: number;
  max_reviews_per_day: number;
  /** The deck's scheduler: SM-2 (the spec's, the account default unless changed) or FSRS. */
  scheduler: SchedulerName;
  /** FSRS's target probability of recall at review time (default 0.90). */
  desired_retention: number;
  maximum_interval_days: number;
  /** Personal FSRS parameters from tuning, null while FSRS's defaults apply. */
  fsrs_weights: number[] | null;
  /** After an answer, bury the card's siblings (same note) of that kind until tomorrow (Anki). */
  bury_new_siblings: boolean;
  bury_review_siblings: boolean;
  bury_interday_learning_siblings: boolean;
  /** Lapses that make a card a leech (Anki's 8), and whether it is then suspended or only marked. */
  leech_threshold: number;
  leech_action: (typeof LEECH_ACTIONS)[number];
  last_studied_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeckStats {
  total: number;
  new: number;
  learning: number;
  review: number;
  suspended: number;
  due: number;
}
