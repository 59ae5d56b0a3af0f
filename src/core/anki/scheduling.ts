/**
 * Anki's scheduling fields in Mnemo's terms (issue 12). Anki's card `type` (0 new, 1 learning,
 * 2 review, 3 relearning) is the state; `queue` -1 is suspended (-2/-3 buried, left as is);
 * `due` is a position for new cards, days since the collection's creation (`crt`) for review
 * and day-learning cards, and a Unix timestamp in seconds for learning cards; `ivl` is in days,
 * `factor` in permille. The revlog's `ivl`/`lastIvl` are days when positive, seconds when
 * negative; its `ease` is 1 Again … 4 Easy (0: a manual reschedule, not an answer).
 */
import { learningStepFromLeft } from '../anki-export/learning';
import { addDays, localDate, studyDayBounds, studyDayStart } from '../scheduling/time';

export interface AnkiSchedule {
  type: number;
  queue: number;
  due: number;
  ivl: number;
  factor: number;
  reps: number;
  lapses: number;
  /** Learning steps remaining (`left`; the thousands are the legacy "today" count). */
  left?: number;
  /** The card's `data` JSON (FSRS memory state `s`, `d` when the collection used FSRS). */
  data: string;
}

type State = 'new' | 'learning' | 'review';

export interface MnemoSchedule {
  card_state: State | 'suspended';
  suspended_from: State | null;
  due_date: string;
  interval_days: number;
  ease_factor: number;
  review_count: number;
  reps: number;
  lapses: number;
  scheduled_days: number;
  stability: number | null;
  difficulty: number | null;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  fsrs_state: number;
  /** The learning step the card waits at (0-based), read from Anki's `left`. */
  learning_step: number;
  /** Buried in Anki (queue -2 or -3): out of the queues until the next study day. */
  buried_until: string | null;
  last_reviewed_at: string | null;
}

const DAY_MS = 86_400_000;

/** How a collection counts its days: Anki's `crt`, `creationOffset`, and the user's zone. */
export interface AnkiDayClock {
  /** The collection's creation, seconds since the epoch. */
  crt: number;
  /** Minutes west of UTC at the creation (Anki's `creationOffset`), null when not written. */
  creationOffset: number | null;
  /** The importing user's zone (IANA). */
  timeZone: string;
}

/**
 * The instant day `day` of a collection starts, as Anki's scheduler counts days
 * (rslib scheduler/timing.rs `sched_timing_today_v2_new`): the days elapsed are calendar days
 * from the creation's local date (in `creationOffset`, else in the user's zone), each starting at
 * the 4 am rollover in the user's zone — so no day is lost or gained across a DST change.
 */
export function ankiDayStart(clock: AnkiDayClock, day: number): Date {
  const crtMs = clock.crt * 1000;
  const created =
    clock.creationOffset === null
      ? localDate(new Date(crtMs), clock.timeZone)
      : new Date(crtMs - clock.creationOffset * 60_000).toISOString().slice(0, 10);
  return studyDayStart(addDays(created, day), clock.timeZone);
}
/** Anki's timestamps in seconds are past 2001; a day number never gets there. */
const TIMESTAMP_FROM = 1_000_000_000;
/** Day numbers kept as days (about 27,000 years); beyond, a due date is taken as now. */
const MAX_DAYS = 10_000_000;
/** The largest instant a JavaScript date holds. */
const MAX_DATE_MS = 8.64e15;

function memoryState(data: string): { s: number; d: number } | null {
  try {
    const parsed = JSON.parse(data) as { s?: unknown; d?: unknown };
    if (typeof parsed.s === 'number' && typeof parsed.d === 'number' && parsed.s > 0) {
      return { s: parsed.s, d: parsed.d };
    }
  } catch {
    // No JSON, no memory state.
  }
  return null;
}

/** The card's schedule; `lastReviewMs` is its last revlog entry's time, when it has one. */
export function ankiScheduleToMnemo(
  card: AnkiSchedule,
  clock: AnkiDayClock,
  now: string,
  lastReviewMs: number | null,
): MnemoSchedule {
  // The v1 scheduler kept a relearning card as a review card (type 2) in the learning queue
  // (queue 1, due a timestamp): a relearning card, type 3 since the v2 scheduler.
  const relearning = card.type === 3 || (card.type === 2 && card.queue === 1);
  const state: State =
    card.type === 2 && !relearning ? 'review' : card.type === 1 || relearning ? 'learning' : 'new';
  // A timestamp in seconds where Anki keeps one (learning queue), else a day number (a day
  // number never gets to a timestamp's size); a due beyond any date is taken as now.
  const dueOf = (value: number) => {
    if (value >= TIMESTAMP_FROM) {
      return value * 1000 <= MAX_DATE_MS ? new Date(value * 1000).toISOString() : now;
    }
    // A day number beyond any date (or before 1970) is taken as now.
    if (Math.abs(value) > MAX_DAYS) return now;
    return ankiDayStart(clock, value).toISOString();
  };
  let due = now;
  if (state !== 'new') due = dueOf(card.due);
  const interval = state === 'new' ? 0 : Math.max(0, card.ivl);
  const memory = state === 'new' ? null : memoryState(card.data);
  let lastReviewed = lastReviewMs === null ? null : new Date(lastReviewMs).toISOString();
  if (lastReviewed === null && state === 'review') {
    lastReviewed = new Date(Date.parse(due) - interval * DAY_MS).toISOString();
  }
  const suspended = card.queue === -1;
  return {
    card_state: suspended ? 'suspended' : state,
    suspended_from: suspended ? state : null,
    due_date: due,
    interval_days: interval,
    ease_factor: card.factor > 0 ? card.factor / 1000 : 2.5,
    review_count: card.reps,
    reps: card.reps,
    lapses: card.lapses,
    scheduled_days: interval,
    stability: memory?.s ?? null,
    difficulty: memory?.d ?? null,
    fsrs_state: state === 'new' ? 0 : state === 'review' ? 2 : relearning ? 3 : 1,
    learning_step: state === 'learning' ? learningStepFromLeft(relearning, card.left ?? 0) : 0,
    buried_until:
      card.queue === -2 || card.queue === -3
        ? studyDayBounds(new Date(now), clock.timeZone).end.toISOString()
        : null,
    last_reviewed_at: lastReviewed,
  };
}

export interface AnkiRevlogEntry {
  /** Milliseconds since the epoch: when the answer was given. */
  id: number;
  ease: number;
  ivl: number;
  lastIvl: number;
  factor: number;
  /** Milliseconds spent on the answer. */
  time: number;
  /** 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual, 5 rescheduled. */
  type: number;
}

export interface MnemoReview {
  user_response: 'again' | 'hard' | 'good' | 'easy';
  response_time_seconds: number;
  previous_interval_days: number;
  previous_ease_factor: number;
  previous_card_state: State;
  new_interval_days: number;
  new_ease_factor: number;
  new_card_state: State;
  new_due_date: string;
  reviewed_at: string;
}

const RESPONSES = ['again', 'hard', 'good', 'easy'] as const;

/**
 * A revlog entry of a v1-scheduler collection in v2 terms, as Anki's upgrade does
 * (rslib/src/storage/revlog/v2_upgrade.sql): v1 learning and relearning answers had three
 * buttons, so their ease 2 and 3 were Good and Easy.
 */
export function v1RevlogToV2<T extends { ease: number; type: number }>(entry: T): T {
  const learning = entry.type === 0 || entry.type === 2;
  return learning && (entry.ease === 2 || entry.ease === 3)
    ? { ...entry, ease: entry.ease + 1 }
    : entry;
}

/** Days of a revlog interval (negative: seconds). */
export const revlogDays = (ivl: number) => (ivl < 0 ? -ivl / 86_400 : ivl);

/** A revlog entry as a Mnemo review, or null for entries that are not answers. */
export function ankiReviewToMnemo(entry: AnkiRevlogEntry): MnemoReview | null {
  const response = RESPONSES[entry.ease - 1];
  if (!response || entry.type > 3) return null;
  const ease = entry.factor > 0 ? entry.factor / 1000 : 2.5;
  const newDays = revlogDays(entry.ivl);
  const previous: State =
    entry.lastIvl === 0 && entry.type === 0 ? 'new' : entry.lastIvl >= 1 ? 'review' : 'learning';
  return {
    user_response: response,
    response_time_seconds: Math.max(0, entry.time) / 1000,
    previous_interval_days: revlogDays(entry.lastIvl),
    previous_ease_factor: ease,
    previous_card_state: previous,
    new_interval_days: newDays,
    new_ease_factor: ease,
    new_card_state: newDays >= 1 ? 'review' : 'learning',
    new_due_date: new Date(entry.id + newDays * DAY_MS).toISOString(),
    reviewed_at: new Date(entry.id).toISOString(),
  };
}
