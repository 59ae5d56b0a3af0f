import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REAL_HISTORIES } from '../../core/scheduling/real-histories.fixture';
import { tuneFromHistories } from './tuning.service';

/** The optimizer (@open-spaced-repetition/binding, WASI) on real review histories. */
describe('FSRS parameter tuning', () => {
  it('computes personal parameters that predict the log at least as well as the defaults', async () => {
    const shared = '../shared/data/fsrs/seq2seq.tsv';
    const histories = fs.existsSync(shared)
      ? fs
          .readFileSync(shared, 'utf8')
          .trim()
          .split('\n')
          .slice(1, 1501)
          .map((row) => {
            const [days = '', ratings = ''] = row.split('\t');
            const d = days.split(',').map(Number);
            return ratings.split(',').map((rating, index) => ({
              rating: Number(rating),
              deltaT: index === 0 ? 0 : (d[index] ?? 0),
            }));
          })
      : REAL_HISTORIES.map((history) =>
          history.ratings.map((rating, index) => ({
            rating,
            deltaT: index === 0 ? 0 : (history.days[index] ?? 0),
          })),
        );
    const { weights, before, after } = await tuneFromHistories(histories, null);
    expect(weights.length).toBeGreaterThanOrEqual(19);
    expect(weights.every(Number.isFinite)).toBe(true);
    expect(after.reviews).toBe(before.reviews);
    expect(after.logLoss).toBeLessThanOrEqual(before.logLoss + 1e-9);
    expect(after.rmse).toBeLessThan(0.5);
  });
});
