import { describe, expect, it } from 'vitest';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import { summaryLines } from './api';

const base: AnkiImportSummary = {
  notes: 2,
  notes_updated: 0,
  cards: 3,
  cards_updated: 0,
  decks_created: [],
  reviews: 4,
  media: 0,
  skipped: [],
  changed: [],
};

describe('summaryLines (issue 20 item 8)', () => {
  it('names the notes each skipped or changed thing came from, then how many more', () => {
    const lines = summaryLines({
      ...base,
      skipped: [
        { reason: 'The card is too long', count: 2, notes: ['“A…”', '“B”'], more_notes: 0 },
        {
          reason: 'Review-log entries of cards that were not imported',
          count: 7,
          notes: ['“A…”'],
          more_notes: 3,
        },
        { reason: 'Old summary', count: 1 },
      ],
      changed: [{ reason: 'Tags left out', count: 1, notes: ['“C”'], more_notes: 0 }],
    });
    expect(lines.slice(1)).toEqual([
      'Skipped 2 cards: The card is too long. From “A…” and “B”.',
      'Skipped 7 review-log entries: Review-log entries of cards that were not imported. From “A…” and 3 more.',
      'Skipped 1 card: Old summary.',
      'Changed 1 card: Tags left out. From “C”.',
    ]);
  });
});
