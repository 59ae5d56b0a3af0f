import { DAY_MS, MINUTE_MS } from './time';
import type { Rating, ScheduleResult, SchedulingCard } from './types';

/** SM-2 ease factor floor (SuperMemo). */
export const MIN_EASE = 1.3;

/**
 * SM-2 as calculate_next_review (SPEC §7), in the Anki manner:
 *
 * - New and learning cards: again → learning, due in 1 minute; hard → learning, due in
 *   10 minutes; good → review with a 1-day interval; easy → review with a 4-day interval
 *   (SPEC §2's labels: 1 min, 10 min, 1 day, 4 days). Ease is not changed while learning.
 * - Review cards with interval I and ease E: again → a lapse: learning again, due in 1 minute,
 *   E − 0.20; hard → max(I + 1, 1.2·I) days, E − 0.15; good → max(hard + 1, E·I) days;
 *   easy → max(good + 1, 1.3·E·I) days, E + 0.15 (each button at least a day past the last).
 * - Ease never goes below 1.3; intervals are whole days, at most `maximumIntervalDays`.
 * - Overrides of SPEC §4: again is always due 1 minute from now; hard whose result is
 *   learning is due 10 minutes from now.
 */
export function calculateNextReview(
  card: Pick<SchedulingCard, 'card_state' | 'interval_days' | 'ease_factor' | 'lapses'>,
  rating: Rating,
  now: Date,
  maximumIntervalDays = 36_500,
): Pick<
  ScheduleResult,
  'card_state' | 'due_date' | 'interval_days' | 'ease_factor' | 'learning_step' | 'lapses'
> {
  if (card.card_state === 'suspended') throw new Error('A suspended card cannot be reviewed');
  const ease = Math.max(MIN_EASE, card.ease_factor || 2.5);
  const cap = (days: number) => Math.min(maximumIntervalDays, Math.max(1, Math.round(days)));
  const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const learning = (minutes: number, step: number, nextEase: number, lapses = card.lapses) => ({
    card_state: 'learning' as const,
    due_date: new Date(now.getTime() + minutes * MINUTE_MS),
    interval_days: 0,
    ease_factor: nextEase,
    learning_step: step,
    lapses,
  });
  const review = (days: number, nextEase: number) => ({
    card_state: 'review' as const,
    due_date: inDays(days),
    interval_days: days,
    ease_factor: nextEase,
    learning_step: 0,
    lapses: card.lapses,
  });

  if (card.card_state === 'new' || card.card_state === 'learning') {
    switch (rating) {
      case 'again':
        return learning(1, 0, ease);
      case 'hard':
        return learning(10, 1, ease);
      case 'good':
        return review(cap(1), ease);
      case 'easy':
        return review(cap(4), ease);
    }
  }
  const interval = Math.max(1, card.interval_days);
  // Each button gives at least a day more than the one before it (as Anki does).
  const hard = cap(Math.max(interval + 1, interval * 1.2));
  const good = cap(Math.max(hard + 1, interval * ease));
  const easy = cap(Math.max(good + 1, interval * ease * 1.3));
  switch (rating) {
    case 'again':
      return learning(1, 0, Math.max(MIN_EASE, ease - 0.2), card.lapses + 1);
    case 'hard':
      return review(hard, Math.max(MIN_EASE, ease - 0.15));
    case 'good':
      return review(good, ease);
    case 'easy':
      return review(easy, ease + 0.15);
  }
}
