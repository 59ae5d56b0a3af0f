import { describe, expect, it } from 'vitest';
import { ankiDeckNamePart, ankiDeckNames } from './deck-names';

describe('deck names as Anki needs them (issue 20 item 9)', () => {
  it('normalises each part as rslib/src/decks/name.rs does', () => {
    // Anki's own test cases: foo::::baz → foo::blank::baz, control characters removed.
    expect(ankiDeckNames(['foo::::baz', 'fo\x1fo::ba\nr'])).toEqual([
      'foo::blank::baz',
      'foo::bar',
    ]);
    expect(ankiDeckNamePart(' "Quoted" ')).toBe('Quoted');
    expect(ankiDeckNamePart('U\u0308')).toBe('Ü'); // NFC
    expect(ankiDeckNames(['::Top::'])).toEqual(['blank::Top::blank']);
  });

  it('never two names that differ only in case, beyond ASCII too; Default is deck 1', () => {
    expect(ankiDeckNames(['Default', 'default', 'Ünï', 'ÜNÏ', 'ünï', 'Straße', 'STRASSE'])).toEqual(
      ['Default+', 'default++', 'Ünï', 'ÜNÏ+', 'ünï++', 'Straße', 'STRASSE+'],
    );
  });

  it('files a child under its parent as first spelled, and names nested deeply stay whole', () => {
    expect(ankiDeckNames(['Lang::French', 'LANG::German', 'lang'])).toEqual([
      'Lang::French',
      'Lang::German',
      'Lang',
    ]);
    const deep = Array.from({ length: 14 }, (_, i) => `L${i}`).join('::');
    expect(ankiDeckNames([deep])).toEqual([deep]);
  });
});
