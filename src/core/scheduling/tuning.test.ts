import { describe, expect, it } from 'vitest';
import { REAL_HISTORIES } from './real-histories.fixture';
import { evaluateParameters, reviewHistories, trainingItems } from './tuning';

describe('FSRS tuning helpers', () => {
  it('builds histories in study days of the user zone', () => {
    const histories = reviewHistories(
      [
        { cardId: 'a', reviewedAt: '2026-01-02T10:00:00Z', response: 'good' },
        { cardId: 'a', reviewedAt: '2026-01-01T10:00:00Z', response: 'again' },
        // 02:00 in Paris on the 5th still belongs to the 4th (4 am rollover).
        { cardId: 'a', reviewedAt: '2026-01-05T01:00:00Z', response: 'easy' },
        { cardId: 'b', reviewedAt: '2026-01-03T10:00:00Z', response: 'hard' },
      ],
      'Europe/Paris',
    );
    expect(histories).toEqual([
      [
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 1 },
        { rating: 4, deltaT: 2 },
      ],
      [{ rating: 2, deltaT: 0 }],
    ]);
    expect(trainingItems(histories)).toHaveLength(2);
  });

  it('scores predictions on real histories: finite, and better than guessing', () => {
    const histories = REAL_HISTORIES.map((history) =>
      history.ratings.map((rating, index) => ({ rating, deltaT: history.days[index] ?? 0 })),
    );
    const metrics = evaluateParameters(histories, null);
    expect(metrics.reviews).toBeGreaterThan(1000);
    expect(metrics.logLoss).toBeGreaterThan(0);
    expect(metrics.logLoss).toBeLessThan(Math.log(2)); // a coin toss scores ln 2
    expect(metrics.rmse).toBeGreaterThan(0);
    expect(metrics.rmse).toBeLessThan(0.5);
  });
});
