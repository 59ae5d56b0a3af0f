import type { Kysely, Selectable } from 'kysely';
import {
  buriedUntil,
  type LeechOutcome,
  leechOutcome,
  type ScheduleResult,
  siblingsToBury,
} from '../../core/scheduling';
import type { Database, DeckTable, FlashcardTable } from '../db/database';
import { nowIso, toIso } from '../db/time';
import { findSiblings, setBuriedUntil } from '../flashcards/card-status.repository';

type CardRow = Selectable<FlashcardTable>;
type DeckRow = Pick<
  Selectable<DeckTable>,
  | 'leech_threshold'
  | 'leech_action'
  | 'bury_new_siblings'
  | 'bury_review_siblings'
  | 'bury_interday_learning_siblings'
>;

/** A sibling an answer buried, with what it had before (undo puts it back). */
export interface BuriedSibling {
  id: string;
  buried_until: string | null;
}

/** What an answer does beyond the card's schedule: leeches and burying siblings (Anki). */
export interface AnswerEffects {
  /** Extra columns for the answered card (is_leech, and a leech suspended). */
  card: Partial<Pick<CardRow, 'is_leech' | 'card_state' | 'suspended_from'>>;
  leech: LeechOutcome;
  buriedSiblings: BuriedSibling[];
}

/**
 * In the answer's transaction: marks (and, with the deck's 'suspend' action, suspends) a card
 * whose lapses reach the leech threshold, and buries its siblings per the deck's options until
 * the user's next study day.
 */
export async function applyAnswerEffects(
  trx: Kysely<Database>,
  userId: string,
  card: CardRow,
  deck: DeckRow,
  next: ScheduleResult,
  timeZone: string,
  now: Date,
): Promise<AnswerEffects> {
  const leech = leechOutcome(Number(card.lapses), next.lapses, {
    threshold: Number(deck.leech_threshold),
    action: deck.leech_action,
  });
  const changes: AnswerEffects['card'] = {};
  if (leech.leech) changes.is_leech = 1;
  if (leech.suspend) {
    changes.card_state = 'suspended';
    changes.suspended_from = next.card_state === 'suspended' ? null : next.card_state;
  }
  let buriedSiblings: BuriedSibling[] = [];
  const options = {
    buryNew: Boolean(Number(deck.bury_new_siblings)),
    buryReview: Boolean(Number(deck.bury_review_siblings)),
    buryInterdayLearning: Boolean(Number(deck.bury_interday_learning_siblings)),
  };
  // Siblings are looked up only when the deck buries some (off by default, as in Anki).
  if (card.note_id && (options.buryNew || options.buryReview || options.buryInterdayLearning)) {
    const siblings = await findSiblings(trx, userId, card.note_id, card.id);
    const toBury = siblingsToBury(
      siblings.map((sibling) => ({
        ...sibling,
        interval_days: Number(sibling.interval_days),
        scheduled_days: Number(sibling.scheduled_days),
      })),
      options,
    );
    buriedSiblings = toBury.map((sibling) => ({
      id: sibling.id,
      buried_until: toIso(sibling.buried_until ?? null),
    }));
    await setBuriedUntil(
      trx,
      userId,
      buriedSiblings.map((sibling) => sibling.id),
      nowIso(buriedUntil(now, timeZone)),
    );
  }
  return { card: changes, leech, buriedSiblings };
}

/** Undo: the siblings an answer buried get back what they had. */
export async function restoreSiblings(
  trx: Kysely<Database>,
  userId: string,
  siblings: BuriedSibling[] | undefined,
) {
  for (const sibling of siblings ?? []) {
    await setBuriedUntil(trx, userId, [sibling.id], sibling.buried_until);
  }
}
