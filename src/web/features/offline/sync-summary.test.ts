import { describe, expect, it } from 'vitest';
import { syncSummary } from './sync-summary';

describe('the sync summary', () => {
  it('says what was recorded and what had been deleted elsewhere', () => {
    expect(syncSummary({ recorded: 2, deleted: 1, refused: 0 })).toBe(
      '2 answers were recorded; 1 card had been deleted elsewhere',
    );
    expect(syncSummary({ recorded: 1, deleted: 0, refused: 0 })).toBe('1 answer was recorded');
    expect(syncSummary({ recorded: 0, deleted: 2, refused: 1 })).toBe(
      '2 cards had been deleted elsewhere; 1 answer could not be recorded',
    );
  });
});
