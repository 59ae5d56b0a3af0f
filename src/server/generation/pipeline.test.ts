import { describe, expect, it } from 'vitest';
import { retryRange } from './pipeline';

describe('the card count of a retry of some parts', () => {
  it("is what the strategy's range leaves beside the job's cards", () => {
    expect(retryRange({ min: 5, max: 15 }, 6, { retried: 1, total: 3 })).toEqual({
      min: 0,
      max: 9,
    });
  });

  it("is at least the retried parts' share when the other parts filled the range", () => {
    expect(retryRange({ min: 3, max: 8 }, 8, { retried: 1, total: 3 })).toEqual({
      min: 0,
      max: 3,
    });
  });
});
