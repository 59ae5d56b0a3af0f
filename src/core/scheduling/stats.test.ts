import { describe, expect, it } from 'vitest';
import { computeStatistics, currentStreak, longestStreak, retentionRate } from './stats';

const NOW = new Date('2026-06-15T15:00:00Z');

describe('study statistics', () => {
  it('retention: share of reviews that were not again, rounded', () => {
    expect(retentionRate([])).toBe(0);
    expect(retentionRate(['good', 'again', 'easy'])).toBe(67);
    expect(retentionRate(['again'])).toBe(0);
  });

  it('streak: may start today or yesterday, and breaks on a missing day', () => {
    const days = new Set(['2026-06-13', '2026-06-14']);
    expect(currentStreak(days, '2026-06-15')).toBe(2);
    expect(currentStreak(new Set([...days, '2026-06-15']), '2026-06-15')).toBe(3);
    expect(currentStreak(new Set(['2026-06-12']), '2026-06-15')).toBe(0);
    expect(longestStreak(new Set(['2026-01-01', '2026-01-02', '2026-01-03', '2026-02-01']))).toBe(
      3,
    );
  });

  it('counts sessions, ratings, days and the forecast in the user zone', () => {
    const stats = computeStatistics({
      now: NOW,
      timeZone: 'America/New_York',
      sessions: [
        {
          startedAt: '2026-06-15T14:00:00Z',
          completedAt: '2026-06-15T14:10:00Z',
          isCompleted: true,
          autoCompleted: false,
          durationSeconds: 600,
          cardsStudied: 3,
        },
        {
          // 23:30 on the 14th in New York (03:30 UTC on the 15th)
          startedAt: '2026-06-15T03:00:00Z',
          completedAt: '2026-06-15T03:30:00Z',
          isCompleted: true,
          autoCompleted: false,
          durationSeconds: 301,
          cardsStudied: 2,
        },
        {
          startedAt: '2026-06-10T10:00:00Z',
          completedAt: '2026-06-10T10:30:00Z',
          isCompleted: true,
          autoCompleted: true,
          durationSeconds: null,
          cardsStudied: 0,
        },
      ],
      reviews: [
        { response: 'good', reviewedAt: '2026-06-15T14:01:00Z' },
        { response: 'again', reviewedAt: '2026-06-15T14:02:00Z' },
        { response: 'easy', reviewedAt: '2026-06-15T03:10:00Z' },
        { response: 'hard', reviewedAt: '2026-04-01T10:00:00Z' },
      ],
      cards: [{ state: 'new' }, { state: 'review' }, { state: 'review' }, { state: 'learning' }],
      decks: [
        {
          limits: { newCardsPerDay: 20, maxReviewsPerDay: 200 },
          studied: { newCount: 0, reviewCount: 0 },
          dueCards: ['2026-06-01T00:00:00Z', '2026-06-17T16:00:00Z', '2026-09-01T00:00:00Z'].map(
            (due_date) => ({ card_state: 'review' as const, due_date }),
          ),
        },
      ],
    });
    expect(stats).toMatchObject({
      state_counts: { new: 1, learning: 1, review: 2, suspended: 0 },
      total_sessions: 3,
      manual_sessions: 2,
      abandoned_sessions: 1,
      total_cards_studied: 5,
      avg_session_duration: 451,
      avg_cards_per_session: 2,
      retention_rate: 67,
      retention_reviews: 3,
      total_again: 1,
      total_hard: 1,
      total_good: 1,
      total_easy: 1,
      total_reviews: 4,
      current_streak: 2,
      studied_today: true,
    });
    expect(stats.reviews_per_day).toEqual([
      { date: '2026-04-01', count: 1 },
      { date: '2026-06-14', count: 1 },
      { date: '2026-06-15', count: 2 },
    ]);
    expect(stats.due_forecast).toHaveLength(30);
    expect(stats.due_forecast[0]).toEqual({ date: '2026-06-15', count: 1 });
    expect(stats.due_forecast[2]).toEqual({ date: '2026-06-17', count: 1 });
  });
});
