import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-paths';

describe('the app’s pages', () => {
  it('match their parameters and nothing else', () => {
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('/deck/abc/learn')).toBe(true);
    expect(isAppPath('/deck/abc/learn/')).toBe(true);
    expect(isAppPath('/deck/abc/review/job-1')).toBe(true);
    expect(isAppPath('/deck')).toBe(false);
    expect(isAppPath('/deck/abc/unknown')).toBe(false);
    expect(isAppPath('/no-such-page')).toBe(false);
  });
});
