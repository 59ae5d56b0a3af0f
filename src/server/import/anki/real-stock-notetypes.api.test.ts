/**
 * Anki's stock note types and older collections, from real packages in `shared/data/anki/real/`
 * (README there), issue 20 items 2, 3 and 5.
 */
import path from 'node:path';
import { REVLOG_SKIPS } from './convert';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_OCCLUSION_CHANGE } from '../../../core/anki/image-occlusion';
import { renderCardHtml } from '../../../core/card-content/render';
import { createDb, type Db } from '../../db/database';
import { newUser } from '../../../../test/support/fixtures';
import {
  importRealPackage,
  realAnkiPackage,
  storedCards,
} from '../../../../test/support/real-anki';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

let server: TestServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = createDb(
    server.databaseUrl
      ? { kind: 'postgres', url: server.databaseUrl, poolSize: 2 }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
  );
});

afterAll(async () => {
  await db?.close();
  await server?.stop();
});

describe('anki-stock-notetypes-crafted.apkg (issue 20)', () => {
  it('Image Occlusion: each card shows its image, and the summary says the masks are not', async () => {
    const user = await newUser(server.url);
    const name = 'anki-stock-notetypes-crafted.apkg';
    const summary = await importRealPackage(user, await realAnkiPackage(`real/${name}`), name);
    expect(summary.changed).toEqual([
      { reason: IMAGE_OCCLUSION_CHANGE, count: 2, notes: ['“Heart anatomy”'], more_notes: 0 },
    ]);
    expect(summary.media).toBe(1); // red.png, shown by the occlusion note only
    const rows = await storedCards(db, user);
    const occlusion = rows.filter((row) => row.tags === 'io');
    expect(occlusion).toHaveLength(2);
    expect(occlusion.map((row) => row.anki_ord).sort()).toEqual([0, 1]);
    for (const card of occlusion) {
      expect(card.card_type).toBe('qa');
      // The header, then the image (stored, referred to by its content name).
      expect(card.front_content).toMatch(
        /^Heart anatomy\n\n!\[[^\]]*\]\(mnemo-media:[^)]+\.png\)$/,
      );
      expect(card.front_content).not.toContain('image-occlusion:');
      expect(card.back_content).toMatch(/^!\[[^\]]*\]\(mnemo-media:[^)]+\.png\)\n\nIO back extra$/);
    }
  });
});

describe('v1-relearning-card.apkg: a v1-scheduler collection (issue 20 item 5)', () => {
  it('imports, its relearning card relearning, learning answers 2/3 as Good/Easy', async () => {
    const user = await newUser(server.url);
    const name = 'v1-relearning-card.apkg';
    const summary = await importRealPackage(user, await realAnkiPackage(`real/${name}`), name);
    // 1,157 revlog rows, of which 85 manual reschedules (ease 0) are not answers: the summary
    // says so (issue 20 item 8).
    expect(summary).toMatchObject({
      notes: 106,
      cards: 106,
      reviews: 1072,
      skipped: [{ reason: REVLOG_SKIPS.manual, count: 85 }],
    });
    const rows = await storedCards(db, user);
    expect(rows.filter((row) => row.card_state === 'review')).toHaveLength(105);
    const relearning = rows.filter((row) => row.card_state === 'learning');
    expect(relearning).toHaveLength(1);
    expect(relearning[0]).toMatchObject({ fsrs_state: 3, interval_days: 2 });
    expect(new Date(String(relearning[0]!.due_date)).toISOString()).toBe(
      new Date(1_795_627_448 * 1000).toISOString(),
    );
    // v1: learning (type 0) and relearning (type 2) answers 2 and 3 were Good and Easy.
    const answers = await db.kysely
      .selectFrom('card_reviews')
      .select(['user_response', (eb) => eb.fn.countAll().as('n')])
      .where(
        'card_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('user_response')
      .execute();
    expect(Object.fromEntries(answers.map((row) => [row.user_response, Number(row.n)]))).toEqual({
      again: 170,
      hard: 90,
      good: 776,
      easy: 36,
    });
  });
});

describe("category-theory.apkg: Anki's [$]…[/$] LaTeX (issue 20 item 3)", () => {
  it('every card is maths KaTeX renders, instead of garbled source', async () => {
    const user = await newUser(server.url);
    const name = 'category-theory.apkg';
    const summary = await importRealPackage(user, await realAnkiPackage(`real/${name}`), name);
    expect(summary).toMatchObject({ notes: 11, cards: 11, reviews: 36, skipped: [] });
    const rows = await storedCards(db, user);
    expect(rows).toHaveLength(11);
    for (const side of rows.flatMap((row) => [row.front_content, row.back_content ?? ''])) {
      expect(side).toMatch(/^\\\(.+\\\)$/s);
      expect(side).not.toContain('[$]');
      const html = renderCardHtml(side);
      expect(html).toContain('class="katex"');
      expect(html).not.toMatch(/math-error|katex-error/);
    }
    expect(rows.map((row) => row.front_content)).toContain(
      '\\(\\text{Identity Law of } \\textbf{C}\\)',
    );
  });
});
