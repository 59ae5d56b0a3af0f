import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_REASONS } from '../../../core/anki/cards';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import { SUMMARY_NOTES_MAX } from '../../../core/anki/summary-notes';
import { importAnkiAndWait } from '../../../../test/support/anki-import';
import { buildPackage, STOCK } from '../../../../test/support/anki/test-packages';
import { json, newUser } from '../../../../test/support/fixtures';
import { realAnkiPackage } from '../../../../test/support/real-anki';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { REVLOG_SKIPS, TAGS_CHANGE } from './convert';

/**
 * Issue 20 item 8: the summary names each skipped or changed thing with the note it came from
 * (its first field with text, shortened), review-log rows included, at most 20 names a line.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('the import summary names the notes (issue 20 item 8)', () => {
  it('names the note of a cloze over 100 deletions, of review rows left out, of tags dropped, 20 at most', async () => {
    const deletions = Array.from({ length: 150 }, (_, i) => `{{c${i + 1}::w${i + 1}}}`).join(' ');
    const bytes = buildPackage({
      generation: 'anki21b',
      noteTypes: [STOCK.basic, STOCK.cloze],
      decks: [{ id: 1, name: 'Default' }],
      notes: [
        {
          guid: 'cloze-150',
          mid: STOCK.cloze.id,
          fields: [`Mitochondria is the powerhouse of the cell: ${deletions}`, ''],
          cards: Array.from({ length: 150 }, (_, ord) => ({ id: 1000 + ord, ord })),
        },
        {
          guid: 'many-tags',
          mid: STOCK.basic.id,
          tags: Array.from({ length: 60 }, (_, i) => `t${i}`).join(' '),
          fields: ['Tagged <b>a lot</b>', 'yes'],
          cards: [{ ord: 0 }],
        },
        ...Array.from({ length: SUMMARY_NOTES_MAX + 5 }, (_, i) => ({
          guid: `empty-${i}`,
          mid: STOCK.basic.id,
          fields: ['', `Back ${i}`],
          cards: [{ ord: 0 }],
        })),
      ],
      // An answer of card c121, which is not imported.
      revlog: [{ id: 1_700_000_000_000, cid: 1120, ease: 3, ivl: 1, lastIvl: 0, type: 0 }],
    });
    const user = await newUser(server.url);
    const summary = await json<AnkiImportSummary>(
      await importAnkiAndWait(user, bytes, { keep_decks: 'true' }),
      200,
    );
    expect(summary.cards).toBe(101);
    const cloze = '“Mitochondria is the powerhouse…”';
    expect(summary.skipped).toEqual([
      { reason: SKIP_REASONS.tooManyClozes, count: 50, notes: [cloze], more_notes: 0 },
      {
        reason: SKIP_REASONS.emptyFront,
        count: SUMMARY_NOTES_MAX + 5,
        notes: Array.from({ length: SUMMARY_NOTES_MAX }, (_, i) => `“Back ${i}”`),
        more_notes: 5,
      },
      { reason: REVLOG_SKIPS.cardNotImported, count: 1, notes: [cloze], more_notes: 0 },
    ]);
    expect(summary.changed).toEqual([
      { reason: TAGS_CHANGE, count: 1, notes: ['“Tagged a lot”'], more_notes: 0 },
    ]);
  });

  it('names the notes of the manual reschedules of a real v1 collection', async () => {
    const user = await newUser(server.url);
    const name = 'v1-relearning-card.apkg';
    const summary = await json<AnkiImportSummary>(
      await importAnkiAndWait(
        user,
        await realAnkiPackage(`real/${name}`),
        { keep_decks: 'true' },
        name,
      ),
      200,
    );
    const [manual] = summary.skipped;
    expect(manual).toMatchObject({ reason: REVLOG_SKIPS.manual, count: 85 });
    expect(manual?.notes?.length).toBeGreaterThan(0);
    expect(manual?.notes?.length).toBeLessThanOrEqual(SUMMARY_NOTES_MAX);
    for (const label of manual?.notes ?? []) expect(label).toMatch(/^“.{1,31}”$/u);
  });
});
