import { studyDayBounds } from './time';
import type { CardState } from './types';

/**
 * Suspend, bury and leeches, pure (Anki's rules). A suspended card keeps its state in
 * `suspended_from`; a buried card is out of every queue until `buried_until` (the start of the
 * user's next study day) and comes back by itself.
 */

export type ActiveState = Exclude<CardState, 'suspended'>;
export type LeechAction = 'suspend' | 'tag';

/** Anki's default leech threshold. */
export const DEFAULT_LEECH_THRESHOLD = 8;

/**
 * True when a card whose lapses went from `before` to `after` has just become (again) a leech:
 * its lapses reached the threshold, or another half threshold after it (Anki: 8, 12, 16, …).
 */
export function isLeechLapse(before: number, after: number, threshold: number): boolean {
  if (threshold < 1 || after <= before || after < threshold) return false;
  const every = Math.max(1, Math.ceil(threshold / 2));
  return (after - threshold) % every === 0;
}

export interface LeechOutcome {
  /** The answer made the card a leech (the learn page says so). */
  leech: boolean;
  /** … and the deck's leech action suspends it. */
  suspend: boolean;
}

/** What an answer that changed lapses from `before` to `after` does under the deck's options. */
export function leechOutcome(
  before: number,
  after: number,
  options: { threshold: number; action: LeechAction },
): LeechOutcome {
  const leech = isLeechLapse(before, after, options.threshold);
  return { leech, suspend: leech && options.action === 'suspend' };
}

/** The notice the learn page shows when an answer makes a card a leech. */
export function leechNotice(outcome: LeechOutcome): string | null {
  if (!outcome.leech) return null;
  return outcome.suspend
    ? 'Leech: you keep forgetting this card. This card has been suspended.'
    : 'Leech: you keep forgetting this card. It has been marked as a leech.';
}

/** A suspended card's columns; suspending a suspended card changes nothing. */
export function suspendedFields(card: {
  card_state: CardState;
  suspended_from: ActiveState | null;
}) {
  if (card.card_state === 'suspended') {
    return { card_state: 'suspended' as const, suspended_from: card.suspended_from };
  }
  return { card_state: 'suspended' as const, suspended_from: card.card_state };
}

/** An unsuspended card's columns: back to the state it had (its due date is kept). */
export function unsuspendedFields(card: {
  card_state: CardState;
  suspended_from: ActiveState | null;
  review_count: number;
}): { card_state: ActiveState; suspended_from: null } {
  if (card.card_state !== 'suspended') return { card_state: card.card_state, suspended_from: null };
  const state = card.suspended_from ?? (card.review_count > 0 ? 'review' : 'new');
  return { card_state: state, suspended_from: null };
}

/** When a card buried now comes back: the start of the user's next study day (4 am there). */
export function buriedUntil(now: Date, timeZone: string): Date {
  return studyDayBounds(now, timeZone).end;
}

/** True while a card is buried at `now`. */
export function isBuried(buried: Date | string | null | undefined, now: Date): boolean {
  if (!buried) return false;
  return new Date(buried).getTime() > now.getTime();
}

export interface BurySiblingOptions {
  buryNew: boolean;
  buryReview: boolean;
  buryInterdayLearning: boolean;
}

export interface SiblingCard {
  id: string;
  card_state: CardState;
  interval_days: number;
  scheduled_days?: number;
}

/**
 * The siblings an answer buries under the deck's options (Anki): new siblings, review siblings,
 * and learning siblings whose interval is a day or more. Suspended siblings stay as they are.
 */
export function siblingsToBury<T extends SiblingCard>(siblings: T[], options: BurySiblingOptions) {
  return siblings.filter((card) => {
    if (card.card_state === 'new') return options.buryNew;
    if (card.card_state === 'review') return options.buryReview;
    if (card.card_state === 'learning') {
      const interday = card.interval_days >= 1 || (card.scheduled_days ?? 0) >= 1;
      return interday && options.buryInterdayLearning;
    }
    return false;
  });
}
