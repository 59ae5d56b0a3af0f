import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../../core/content';
import { visibleWarnings } from './visible-warnings';

describe('visibleWarnings', () => {
  const warnings = [CONTENT_MESSAGES.veryLong, 'Only 1 card was made'];

  it('keeps "processing may take longer" while the job waits or runs', () => {
    expect(visibleWarnings({ status: 'pending', warnings })).toEqual(warnings);
    expect(visibleWarnings({ status: 'processing', warnings })).toEqual(warnings);
  });

  it('drops it once the job is over, keeping the other warnings', () => {
    expect(visibleWarnings({ status: 'completed', warnings })).toEqual(['Only 1 card was made']);
    expect(visibleWarnings({ status: 'failed', warnings })).toEqual(['Only 1 card was made']);
  });
});
