import { describe, expect, it } from 'vitest';
import { toIso } from './time';

describe('toIso', () => {
  it('keeps canonical ISO text and turns other timestamps into it', () => {
    expect(toIso('2026-11-24T13:05:09.123Z')).toBe('2026-11-24T13:05:09.123Z');
    expect(toIso('2026-11-24 13:05:09')).toBe(new Date('2026-11-24 13:05:09').toISOString());
    expect(toIso('2026-11-24T13:05:09Z')).toBe('2026-11-24T13:05:09.000Z');
    expect(toIso('2026-11-24T14:05:09.123+01:00')).toBe('2026-11-24T13:05:09.123Z');
    expect(toIso(new Date(Date.UTC(2026, 10, 24)))).toBe('2026-11-24T00:00:00.000Z');
    expect(toIso(null)).toBeNull();
  });

  it('answers what parsing answers, for any instant', () => {
    for (let time = -62_000_000_000_000; time < 253_000_000_000_000; time += 7_777_777_777_777) {
      const text = new Date(time).toISOString();
      expect(toIso(text)).toBe(new Date(text).toISOString());
    }
  });
});
