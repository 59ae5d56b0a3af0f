/** The scheduler's view of a card: SPEC §3's fields plus FSRS's memory state. */

export type Rating = 'again' | 'hard' | 'good' | 'easy';
export const RATINGS: readonly Rating[] = ['again', 'hard', 'good', 'easy'];
export type CardState = 'new' | 'learning' | 'review' | 'suspended';
export type SchedulerName = 'sm2' | 'fsrs';

export interface SchedulingCard {
  /** Seeds FSRS's interval fuzz, so the same card and history give the same dates. */
  id: string;
  card_state: CardState;
  due_date: Date;
  interval_days: number;
  ease_factor: number;
  review_count: number;
  learning_step: number;
  last_reviewed_at: Date | null;
  stability: number | null;
  difficulty: number | null;
  lapses: number;
  reps: number;
  scheduled_days: number;
  elapsed_days: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  fsrs_state: number;
}

/** What a review changes on a card. */
export type ScheduleResult = Omit<SchedulingCard, 'id' | 'review_count' | 'last_reviewed_at'>;

export interface SchedulerSettings {
  scheduler: SchedulerName;
  /** FSRS: the probability of recall to aim for at review time (0.70–0.99). */
  desiredRetention: number;
  maximumIntervalDays: number;
  /** FSRS: personal parameters from tuning; FSRS's defaults when null. */
  fsrsWeights: number[] | null;
}

/** The spec's scheduler (SM-2) is the default for new decks; FSRS is a deck setting away. */
export const DEFAULT_SCHEDULER_SETTINGS: SchedulerSettings = {
  scheduler: 'sm2',
  desiredRetention: 0.9,
  maximumIntervalDays: 36_500,
  fsrsWeights: null,
};

/** A card that has never been studied (SPEC §3 defaults). */
export function newSchedulingCard(id: string, now: Date): SchedulingCard {
  return {
    id,
    card_state: 'new',
    due_date: now,
    interval_days: 0,
    ease_factor: 2.5,
    review_count: 0,
    learning_step: 0,
    last_reviewed_at: null,
    stability: null,
    difficulty: null,
    lapses: 0,
    reps: 0,
    scheduled_days: 0,
    elapsed_days: 0,
    fsrs_state: 0,
  };
}

/** A card as the API sends it (dates as ISO strings), for the scheduler in the browser. */
export interface SchedulingRecord {
  id: string;
  card_state: CardState;
  due_date: string;
  interval_days: number;
  ease_factor: number;
  review_count: number;
  learning_step: number;
  last_reviewed_at: string | null;
  stability: number | null;
  difficulty: number | null;
  lapses: number;
  reps: number;
  scheduled_days: number;
  elapsed_days: number;
  fsrs_state: number;
}

export function schedulingCardFrom(record: SchedulingRecord): SchedulingCard {
  return {
    ...record,
    due_date: new Date(record.due_date),
    last_reviewed_at: record.last_reviewed_at ? new Date(record.last_reviewed_at) : null,
  };
}

/** A deck's scheduler settings as the API sends them. */
export function schedulerSettingsOf(deck: {
  scheduler: SchedulerName;
  desired_retention: number;
  maximum_interval_days: number;
  fsrs_weights: number[] | null;
}): SchedulerSettings {
  return {
    scheduler: deck.scheduler,
    desiredRetention: deck.desired_retention,
    maximumIntervalDays: deck.maximum_interval_days,
    fsrsWeights: deck.fsrs_weights,
  };
}
