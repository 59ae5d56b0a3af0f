/**
 * Anki's stock note types and older collections, from real packages in `shared/data/anki/real/`
 * (README there), issue 20 item 2.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_OCCLUSION_CHANGE } from '../../../core/anki/image-occlusion';
import { createDb, type Db } from '../../db/database';
import { newUser } from '../../testing/fixtures';
import { importRealPackage, realAnkiPackage, storedCards } from '../../testing/real-anki';
import { startTestServer, type TestServer } from '../../testing/test-server';

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
    expect(summary.changed).toEqual([{ reason: IMAGE_OCCLUSION_CHANGE, count: 2 }]);
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
