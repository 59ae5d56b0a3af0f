import { describe, expect, it } from 'vitest';
import { fairOrder, type UserLoad } from './fair-share';

const job = (id: string, user: string) => ({ id, user_id: user });

describe('the import job a free worker takes', () => {
  it('serves a waiting user before a user it served a moment ago', () => {
    // A uploaded three packages; the first ran; B uploaded after A's second and third.
    const candidates = [job('a2', 'A'), job('a3', 'A'), job('b1', 'B')];
    const loads = new Map<string, UserLoad>([
      ['A', { running: 0, lastStarted: '2026-01-01T10:00:00Z' }],
    ]);
    expect(fairOrder(candidates, loads, 1).map((item) => item.id)).toEqual(['b1', 'a2', 'a3']);
  });

  it('never gives a user more running jobs than the share', () => {
    const candidates = [job('a2', 'A'), job('b1', 'B')];
    const loads = new Map<string, UserLoad>([
      ['A', { running: 1, lastStarted: '2026-01-01T10:00:00Z' }],
    ]);
    expect(fairOrder(candidates, loads, 1).map((item) => item.id)).toEqual(['b1']);
    expect(fairOrder(candidates, loads, 2).map((item) => item.id)).toEqual(['b1', 'a2']);
  });

  it('takes the least recently served user first, then the oldest job', () => {
    const candidates = [job('c1', 'C'), job('a1', 'A'), job('c2', 'C'), job('b1', 'B')];
    const loads = new Map<string, UserLoad>([
      ['A', { running: 0, lastStarted: '2026-01-01T09:00:00Z' }],
      ['C', { running: 0, lastStarted: '2026-01-01T08:00:00Z' }],
    ]);
    expect(fairOrder(candidates, loads, 1).map((item) => item.id)).toEqual([
      'b1',
      'c1',
      'c2',
      'a1',
    ]);
  });
});
