import { describe, expect, it } from 'vitest';
import { ankiMediaName, packageMediaNames } from './media-names';

const hash = (digit: string, ext = 'png') => `${digit.repeat(64)}.${ext}`;

describe('packageMediaNames (issue 20 item 7)', () => {
  it('gives a file its original name, else its stored one', () => {
    const names = packageMediaNames(
      [hash('a'), hash('b')],
      new Map([[hash('a'), 'Café au lait.png']]),
    );
    expect(names.get(hash('a'))).toBe('Café au lait.png');
    expect(names.get(hash('b'))).toBe(hash('b'));
  });

  it('makes names unique, also ignoring case', () => {
    const names = packageMediaNames(
      [hash('a'), hash('b'), hash('c')],
      new Map([
        [hash('a'), 'dot.png'],
        [hash('b'), 'DOT.png'],
        [hash('c'), 'dot.png'],
      ]),
    );
    expect([...names.values()]).toEqual(['dot.png', 'DOT-bbbbbbbb.png', 'dot-cccccccc.png']);
  });

  it('keeps names safe: no path separators, an extension of the stored kind, short', () => {
    const names = packageMediaNames(
      [hash('a'), hash('b', 'jpg'), hash('c', 'mp3'), hash('d'), hash('e')],
      new Map([
        [hash('a'), '../../etc/passwd'],
        [hash('b', 'jpg'), 'photo.JPEG'],
        [hash('c', 'mp3'), 'voice'],
        [hash('d'), `${'é'.repeat(100)}.png`],
        [hash('e'), 'nul'],
      ]),
    );
    expect(names.get(hash('a'))).toBe('....etcpasswd.png');
    expect(names.get(hash('b', 'jpg'))).toBe('photo.JPEG');
    expect(names.get(hash('c', 'mp3'))).toBe('voice.mp3');
    const long = names.get(hash('d')) ?? '';
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(120);
    expect(long).toMatch(/^é+\.png$/);
    expect(names.get(hash('e'))).toBe(hash('e'));
    for (const name of names.values()) expect(ankiMediaName(name)).toBe(name);
  });
});
