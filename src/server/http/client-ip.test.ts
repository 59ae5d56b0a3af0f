import { describe, expect, it } from 'vitest';
import { forwardedClientIp } from './client-ip';

describe('the client address behind trusted proxies', () => {
  it('takes the entry the nearest proxy appended, not what the client wrote first', () => {
    expect(forwardedClientIp('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClientIp('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClientIp(' 1.1.1.1 ,2.2.2.2,  198.51.100.4 ', 1)).toBe('198.51.100.4');
  });

  it('counts hops from the right with several proxies', () => {
    expect(forwardedClientIp('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClientIp('203.0.113.7', 3)).toBe('203.0.113.7');
  });

  it('has no address without a usable entry', () => {
    expect(forwardedClientIp(undefined, 1)).toBeUndefined();
    expect(forwardedClientIp('', 1)).toBeUndefined();
    expect(forwardedClientIp(' , ', 1)).toBeUndefined();
  });
});
