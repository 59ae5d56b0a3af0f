import { describe, expect, it } from 'vitest';
import { noteLabel, SUMMARY_NOTES_MAX, SummaryTally } from './summary-notes';

describe('the notes an import summary names (issue 20 item 8)', () => {
  it('names a note by its first field as text, shortened', () => {
    expect(noteLabel(['<b>Mitochondria</b> is the {{c1::powerhouse}} of the cell, they say'])).toBe(
      '“Mitochondria is the powerhouse…”',
    );
    expect(noteLabel(['Short', 'back'])).toBe('“Short”');
    // A field without text (an image, Image Occlusion's masks) is passed over.
    expect(noteLabel(['<img src="x.png">', 'Heart'])).toBe('“Heart”');
    expect(noteLabel(['{{c1::image-occlusion:rect:left=.1}}', '<img src="h.png">', 'Heart'])).toBe(
      '“Heart”',
    );
    expect(noteLabel(['<img src="x.png">', ''])).toBe('a note without text');
  });

  it('counts every thing, names each note once, at most 20, and counts the others', () => {
    const tally = new SummaryTally();
    for (let i = 0; i < 30; i++) tally.add('Too long', `“Note ${i}”`);
    tally.add('Too long', '“Note 0”');
    tally.add('Missing', undefined);
    const [long, missing] = tally.list();
    expect(long).toMatchObject({ reason: 'Too long', count: 31, more_notes: 10 });
    expect(long?.notes).toHaveLength(SUMMARY_NOTES_MAX);
    expect(long?.notes?.[0]).toBe('“Note 0”');
    expect(missing).toEqual({ reason: 'Missing', count: 1, notes: [], more_notes: 0 });
  });
});
