import { type ForecastDeck, reviewForecast } from './daily-limits';
import { addDays, DAY_MS, localDate } from './time';
import type { CardState, Rating } from './types';

export interface StatsSession {
  startedAt: string;
  completedAt: string | null;
  isCompleted: boolean;
  /** Completed by the server because it was abandoned (SPEC §4). */
  autoCompleted: boolean;
  durationSeconds: number | null;
  cardsStudied: number;
}

export interface StatsReview {
  response: Rating;
  reviewedAt: string;
}

export interface StatsCard {
  state: CardState;
}

export interface StudyStatistics {
  state_counts: Record<CardState, number>;
  total_cards: number;
  total_sessions: number;
  manual_sessions: number;
  abandoned_sessions: number;
  total_cards_studied: number;
  /** Seconds, rounded, over completed sessions that have a duration. */
  avg_session_duration: number;
  avg_cards_per_session: number;
  /** Percentage of the last 30 days' reviews that were not 'again', rounded; 0 without reviews. */
  retention_rate: number;
  retention_reviews: number;
  total_again: number;
  total_hard: number;
  total_good: number;
  total_easy: number;
  total_reviews: number;
  current_streak: number;
  longest_streak: number;
  studied_today: boolean;
  /** Days with reviews over the last year, oldest first (days without reviews are omitted). */
  reviews_per_day: { date: string; count: number }[];
  /**
   * Reviews per day for the next 30 days under each deck's daily review limit: today is what a
   * session now would hold (see `reviewForecast`).
   */
  due_forecast: { date: string; count: number }[];
  range: { from: string; to: string };
}

/**
 * The streak: consecutive local calendar days with a completed session, ending today, or
 * yesterday when nothing was completed yet today (SPEC §9).
 */
export function currentStreak(days: Set<string>, today: string): number {
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

export function longestStreak(days: Set<string>): number {
  let best = 0;
  for (const day of days) {
    if (days.has(addDays(day, -1))) continue; // not the first day of a run
    let length = 0;
    let cursor = day;
    while (days.has(cursor)) {
      length++;
      cursor = addDays(cursor, 1);
    }
    best = Math.max(best, length);
  }
  return best;
}

/** Share of reviews that were not 'again', as a rounded percentage (0 when there are none). */
export function retentionRate(responses: Rating[]): number {
  if (responses.length === 0) return 0;
  const kept = responses.filter((response) => response !== 'again').length;
  return Math.round((kept / responses.length) * 100);
}

/**
 * Study statistics (SPEC §3 and §9) from the rows of the last year, in the user's time zone.
 * Sessions: total; manual = completed by the learner; abandoned = completed by the server.
 */
export function computeStatistics(input: {
  now: Date;
  timeZone: string;
  sessions: StatsSession[];
  reviews: StatsReview[];
  cards: StatsCard[];
  /** Each deck's limits, today's answers and due dates, for the forecast. */
  decks: ForecastDeck[];
}): StudyStatistics {
  const { now, timeZone, sessions, reviews, cards, decks } = input;
  const state_counts: Record<CardState, number> = { new: 0, learning: 0, review: 0, suspended: 0 };
  for (const card of cards) state_counts[card.state]++;

  const completed = sessions.filter((session) => session.isCompleted);
  const timed = completed.filter((session) => session.durationSeconds !== null);
  const totalStudied = sessions.reduce((sum, session) => sum + session.cardsStudied, 0);
  const totals = { again: 0, hard: 0, good: 0, easy: 0 };
  for (const review of reviews) totals[review.response]++;

  const monthAgo = now.getTime() - 30 * DAY_MS;
  const recent = reviews
    .filter((review) => new Date(review.reviewedAt).getTime() >= monthAgo)
    .map((review) => review.response);

  const today = localDate(now, timeZone);
  const sessionDays = new Set(
    completed
      .filter((session) => !session.autoCompleted || session.cardsStudied > 0)
      .map((session) => localDate(new Date(session.completedAt ?? session.startedAt), timeZone)),
  );

  const perDay = new Map<string, number>();
  for (const review of reviews) {
    const day = localDate(new Date(review.reviewedAt), timeZone);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const from = addDays(today, -364);

  return {
    state_counts,
    total_cards: cards.length,
    total_sessions: sessions.length,
    manual_sessions: completed.filter((session) => !session.autoCompleted).length,
    abandoned_sessions: completed.filter((session) => session.autoCompleted).length,
    total_cards_studied: totalStudied,
    avg_session_duration:
      timed.length === 0
        ? 0
        : Math.round(
            timed.reduce((sum, session) => sum + (session.durationSeconds ?? 0), 0) / timed.length,
          ),
    avg_cards_per_session: sessions.length === 0 ? 0 : Math.round(totalStudied / sessions.length),
    retention_rate: retentionRate(recent),
    retention_reviews: recent.length,
    total_again: totals.again,
    total_hard: totals.hard,
    total_good: totals.good,
    total_easy: totals.easy,
    total_reviews: totals.again + totals.hard + totals.good + totals.easy,
    current_streak: currentStreak(sessionDays, today),
    longest_streak: longestStreak(sessionDays),
    studied_today: sessionDays.has(today),
    reviews_per_day: [...perDay.entries()]
      .filter(([day]) => day >= from && day <= today)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, count]) => ({ date, count })),
    due_forecast: reviewForecast(decks, now, timeZone),
    range: { from, to: today },
  };
}
