import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './list-cursor';

describe('list cursors', () => {
  it('round-trips a key, URL-safe', () => {
    const key = { created_at: '2026-11-24T09:00:00.123Z', id: 'é-card/+?' };
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it('refuses what is not a cursor', () => {
    for (const bad of ['', 'abc', '!!!', encodeCursor({ created_at: 'x', id: 'a' })]) {
      expect(decodeCursor(bad)).toBeNull();
    }
    expect(decodeCursor(btoa('[1,2]'))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(['2026-01-01T00:00:00Z', ''])))).toBeNull();
  });
});
