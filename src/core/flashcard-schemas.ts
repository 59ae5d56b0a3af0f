import { TAG_MAX_LENGTH, TAG_MESSAGES, tagsSchema } from './tags';
import { z } from 'zod';
import { CARD_CONTENT_MAX } from './content-limits';
import { CLOZE_MESSAGES, clozeNumbers, validateCloze } from './card-content/cloze';
import { stripControlCharacters } from './card-content/control-characters';

export const CARD_TYPES = ['qa', 'cloze'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_STATES = ['new', 'learning', 'review', 'suspended'] as const;
export type CardState = (typeof CARD_STATES)[number];

/** Limits (documented in docs/ARCHITECTURE.md). */
export { CARD_CONTENT_MAX } from './content-limits';
export const BULK_MAX = 1000;
export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 10_000;
/** A cloze note makes one card per deletion number: at most this many. */
export const CLOZE_NUMBERS_MAX = 100;

export const CARD_MESSAGES = {
  frontRequired: 'Front content is required',
  backRequired: 'Back content is required',
  frontTooLong: `Front content must be at most ${CARD_CONTENT_MAX} characters`,
  backTooLong: `Back content must be at most ${CARD_CONTENT_MAX} characters`,
  cardType: 'Card type must be qa or cloze',
  notFound: 'Flashcard not found',
  deckNotFound: 'Deck not found or access denied',
  targetDeckNotFound: 'Target deck not found or access denied',
  decksNotFound: 'One or more decks not found or access denied',
  idsRequired: 'Give at least one card id',
  tooManyClozes: `A cloze card can use at most ${CLOZE_NUMBERS_MAX} deletion numbers (one card each)`,
} as const;

const front = z
  .string({ message: CARD_MESSAGES.frontRequired })
  .overwrite(stripControlCharacters)
  .trim()
  .min(1, CARD_MESSAGES.frontRequired)
  .max(CARD_CONTENT_MAX, CARD_MESSAGES.frontTooLong);
const back = z
  .string({ message: CARD_MESSAGES.backRequired })
  .overwrite(stripControlCharacters)
  .trim()
  .min(1, CARD_MESSAGES.backRequired)
  .max(CARD_CONTENT_MAX, CARD_MESSAGES.backTooLong);
const cardType = z.enum(CARD_TYPES, { message: CARD_MESSAGES.cardType });
/** "deck_id must be an id": the message names its field, since it is shown as it is. */
const mustBeAnId = (issue: { path?: PropertyKey[] }) =>
  issue.path?.length ? `${issue.path.join('.')} must be an id` : 'Must be an id';
/** An id field of a request (a card's, a deck's, a job's). */
export const idField = z.string({ error: mustBeAnId }).min(1, { error: mustBeAnId }).max(100);
const id = idField;

/** A manual card (SPEC §5): front and back both required after trimming. */
export const createFlashcardSchema = z
  .strictObject({
    deck_id: id,
    card_type: cardType.default('qa'),
    front_content: front,
    back_content: back,
    tags: tagsSchema.optional(),
  })
  .superRefine((card, context) => {
    if (card.card_type !== 'cloze') return;
    const problem = clozeProblem(card.front_content);
    if (problem) context.addIssue({ code: 'custom', path: ['front_content'], message: problem });
  });

/**
 * The first problem with a cloze card's front ({{c1::answer}} syntax, SPEC §5), or null.
 * Used by create, bulk create and update (which knows the stored type).
 */
export function clozeProblem(front: string): string | null {
  const problems = validateCloze(front);
  if (problems.length === 0 && clozeNumbers(front).length > CLOZE_NUMBERS_MAX) {
    return CARD_MESSAGES.tooManyClozes;
  }
  // "Not closed" or "numbers start at 1" says more than the generic "needs a deletion".
  return problems.find((problem) => problem !== CLOZE_MESSAGES.noDeletion) ?? problems[0] ?? null;
}
export type CreateFlashcardInput = z.input<typeof createFlashcardSchema>;

export const updateFlashcardSchema = z
  .strictObject({
    card_type: cardType.optional(),
    front_content: front.optional(),
    back_content: back.optional(),
    tags: tagsSchema.optional(),
    /** Confirms an edit that removes cloze numbers and their cards (409 without it). */
    confirm_removals: z.boolean().optional(),
  })
  .refine(
    ({ confirm_removals: _confirm, ...fields }) =>
      Object.values(fields).some((field) => field !== undefined),
    { message: 'Nothing to update' },
  );
export type UpdateFlashcardInput = z.input<typeof updateFlashcardSchema>;

export const bulkCreateFlashcardsSchema = z.strictObject({
  cards: z
    .array(createFlashcardSchema)
    .min(1, 'Give at least one card')
    .max(BULK_MAX, `At most ${BULK_MAX} cards at once`),
});

export const cardIdsSchema = z.strictObject({
  ids: z
    .array(id)
    .min(1, CARD_MESSAGES.idsRequired)
    .max(BULK_MAX, `At most ${BULK_MAX} cards at once`),
});

export const bulkSuspendSchema = z.strictObject({
  ids: cardIdsSchema.shape.ids,
  suspended: z.boolean({ message: 'suspended must be true or false' }),
});

export const moveFlashcardsSchema = z.strictObject({
  ids: cardIdsSchema.shape.ids,
  target_deck_id: id,
});

/** The card list's status filter: suspended cards, cards buried now, leeches. */
export const CARD_STATUS_FILTERS = ['suspended', 'buried', 'leech'] as const;
export type CardStatusFilter = (typeof CARD_STATUS_FILTERS)[number];

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const listFlashcardsSchema = z.strictObject({
  deck_id: id.optional(),
  card_type: cardType.optional(),
  is_edited: booleanQuery.optional(),
  source_job_id: id.optional(),
  status: z
    .enum(CARD_STATUS_FILTERS, { message: 'Status must be suspended, buried or leech' })
    .optional(),
  tag: z.string().trim().min(1, 'Give a tag').max(TAG_MAX_LENGTH, TAG_MESSAGES.tooLong).optional(),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
  /** The `next_cursor` of the page before: the page starts after that card (no offset). */
  after: z.string().max(400).optional(),
});

export const searchFlashcardsSchema = z.strictObject({
  q: z.string().trim().min(1, 'Enter something to search for').max(200),
  deck_id: id.optional(),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
});

/** A flashcard as the API returns it. */
export interface Flashcard {
  id: string;
  deck_id: string;
  card_type: CardType;
  front_content: string;
  back_content: string | null;
  source_job_id: string | null;
  /** For a generated card, the passage of the source it comes from. */
  source_quote: string | null;
  is_edited: boolean;
  /** Cards of one cloze note (one card per deletion number) share it; null for Q&A cards. */
  note_id: string | null;
  /** The deletion this card asks (`{{c2::…}}` → 2); null for Q&A cards. */
  cloze_number: number | null;
  /** Anki-style tags: words without spaces ('biology', 'lang::verbs'). */
  tags: string[];
  card_state: CardState;
  due_date: string;
  interval_days: number;
  ease_factor: number;
  review_count: number;
  learning_step: number;
  last_reviewed_at: string | null;
  average_response_time: number | null;
  /** Out of every queue until this instant (the next study day); null when not buried. */
  buried_until: string | null;
  /** Lapsed the deck's leech threshold. */
  is_leech: boolean;
  /** A suspended card's state before it was suspended. */
  suspended_from: Exclude<CardState, 'suspended'> | null;
  created_at: string;
  updated_at: string;
}

export interface FlashcardPage {
  flashcards: Flashcard[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
  /** Give it as `after` for the next page (keyset paging), null on the last page. */
  next_cursor: string | null;
}
