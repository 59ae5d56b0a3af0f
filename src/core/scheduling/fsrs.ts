import {
  type Card,
  fsrs,
  type FSRS,
  GenSeedStrategyWithCardId,
  generatorParameters,
  Rating as FsrsRating,
  State,
  StrategyMode,
} from 'ts-fsrs';
import { dueAfterStudyDays, toStudyClock } from './time';
import type { CardState, Rating, ScheduleResult, SchedulerSettings, SchedulingCard } from './types';

/** FSRS's settings in Mnemo: learning steps 1m 10m, relearning 10m, fuzz on (seeded per card). */
export const FSRS_LEARNING_STEPS = ['1m', '10m'] as const;
export const FSRS_RELEARNING_STEPS = ['10m'] as const;

const GRADES: Record<
  Rating,
  FsrsRating.Again | FsrsRating.Hard | FsrsRating.Good | FsrsRating.Easy
> = {
  again: FsrsRating.Again,
  hard: FsrsRating.Hard,
  good: FsrsRating.Good,
  easy: FsrsRating.Easy,
};

const schedulers = new Map<string, FSRS>();

/** One ts-fsrs scheduler per distinct settings (they are immutable once made). */
export function fsrsScheduler(settings: SchedulerSettings): FSRS {
  const key = JSON.stringify([
    settings.desiredRetention,
    settings.maximumIntervalDays,
    settings.fsrsWeights,
  ]);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = fsrs(
      generatorParameters({
        request_retention: settings.desiredRetention,
        maximum_interval: settings.maximumIntervalDays,
        enable_fuzz: true,
        enable_short_term: true,
        learning_steps: [...FSRS_LEARNING_STEPS],
        relearning_steps: [...FSRS_RELEARNING_STEPS],
        ...(settings.fsrsWeights ? { w: settings.fsrsWeights } : {}),
      }),
    );
    // The fuzz is seeded from the card's id (plus its reps), not from the clock alone.
    scheduler.useStrategy(StrategyMode.SEED, GenSeedStrategyWithCardId('card_id'));
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

/**
 * Mnemo's card as ts-fsrs's Card (with `card_id` for the seed strategy). Its instants are on
 * the study-day clock of `timeZone` (see `toStudyClock`), so the days ts-fsrs counts are the
 * user's study days.
 */
export function toFsrsCard(card: SchedulingCard, timeZone = 'UTC'): Card & { card_id: string } {
  const isNew = card.card_state === 'new' || card.fsrs_state === State.New;
  return {
    card_id: card.id,
    due: toStudyClock(card.due_date, timeZone),
    stability: isNew ? 0 : (card.stability ?? 0),
    difficulty: isNew ? 0 : (card.difficulty ?? 0),
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_step,
    reps: card.reps,
    lapses: card.lapses,
    state: isNew ? State.New : (card.fsrs_state as State),
    ...(card.last_reviewed_at
      ? { last_review: toStudyClock(card.last_reviewed_at, timeZone) }
      : {}),
  };
}

function stateOf(state: State): CardState {
  if (state === State.New) return 'new';
  return state === State.Review ? 'review' : 'learning';
}

/**
 * The card after one FSRS review (ease_factor is SM-2's and stays as it was). Elapsed days are
 * the user's study days; an interval of days is due from the start of its study day, a step in
 * minutes exactly that long after `now`.
 */
export function fsrsNext(
  card: SchedulingCard,
  rating: Rating,
  settings: SchedulerSettings,
  now: Date,
  timeZone = 'UTC',
): ScheduleResult {
  if (card.card_state === 'suspended') throw new Error('A suspended card cannot be reviewed');
  const clock = toStudyClock(now, timeZone);
  const next = fsrsScheduler(settings).next(toFsrsCard(card, timeZone), clock, GRADES[rating]).card;
  // ts-fsrs's fuzz can land a day or two past the maximum interval: keep to it.
  const days = Math.min(next.scheduled_days, settings.maximumIntervalDays);
  const due =
    days >= 1
      ? dueAfterStudyDays(now, days, timeZone)
      : new Date(now.getTime() + (next.due.getTime() - clock.getTime()));
  return {
    card_state: stateOf(next.state),
    due_date: due,
    interval_days: next.state === State.Review ? days : 0,
    ease_factor: card.ease_factor,
    learning_step: next.learning_steps,
    stability: next.stability,
    difficulty: next.difficulty,
    lapses: next.lapses,
    reps: next.reps,
    scheduled_days: days,
    elapsed_days: next.elapsed_days,
    fsrs_state: next.state,
  };
}
