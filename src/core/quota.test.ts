import { describe, expect, it } from 'vitest';
import { mediaNamesIn } from './card-content/media';
import { formatBytes, QUOTA_MESSAGES, usageLine } from './quota';

describe('quota texts', () => {
  it('formats sizes as Settings shows them', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
  });

  it('says what was used, what the quota is and what the request adds', () => {
    expect(
      usageLine({
        storage_bytes: 12.34 * 1024 * 1024,
        storage_quota_bytes: 1024 ** 3,
        cards: 1234,
        card_quota: 100_000,
      }),
    ).toBe('Storage: 12.3 MB of 1 GB · Cards: 1,234 of 100,000');
    expect(QUOTA_MESSAGES.cards(99_990, 20, 100_000)).toBe(
      'Card count exceeds your 100,000 card limit: you have 99,990 and this adds 20',
    );
    expect(QUOTA_MESSAGES.storage(1000, 240 * 1024 * 1024, 1024 ** 3)).toBe(
      'Storage exceeds your 1 GB limit: you use 1000 bytes and this needs 240 MB more',
    );
  });
});

describe('mediaNamesIn', () => {
  const name = `${'a'.repeat(64)}.png`;
  it('finds every stored media reference, and nothing else', () => {
    expect(
      mediaNamesIn(`x ![](mnemo-media:${name}) y ![s](mnemo-media:${'b'.repeat(64)}.mp3)`),
    ).toEqual([name, `${'b'.repeat(64)}.mp3`]);
    expect(
      mediaNamesIn('mnemo-media:short.png and mnemo-media:' + 'c'.repeat(64) + '.svg'),
    ).toEqual([]);
    expect(mediaNamesIn(null)).toEqual([]);
  });
});
