import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportSummary } from '../../core/anki/import-schemas';
import type { Deck } from '../../core/deck-schemas';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 20 item 9: decks Anki would refuse or merge (named `Default`, differing only in case,
 * nested 12+ levels, with empty parts) export without error, under names made valid and unique
 * as Anki needs them (`core/anki-export/deck-names.ts`), and the import of that export gives
 * those same names.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const DEEP = Array.from({ length: 13 }, (_, i) => `Level ${i + 1}`).join('::');
const MNEMO_NAMES = ['Default', 'Ünï', 'ÜNÏ', 'Latin', 'LATIN', DEEP, 'Parts::::Empty'];
const ANKI_NAMES = ['Default+', 'Ünï', 'ÜNÏ+', 'Latin', 'LATIN+', DEEP, 'Parts::blank::Empty'];

describe('export of decks whose names Anki would refuse', () => {
  it.each(['current', 'legacy'] as const)(
    'works and gives unique, valid names that import back as they are (%s package)',
    async (format) => {
      const user = await newUser(server.url);
      for (const name of MNEMO_NAMES) {
        const deck = await createDeck(user, name);
        await json(
          await user.post('/api/flashcards', {
            deck_id: deck.id,
            front_content: `In ${name}?`,
            back_content: 'Yes',
          }),
          201,
        );
      }
      const exported = await user.get(
        `/api/export/anki?time_zone=UTC${format === 'legacy' ? '&format=legacy' : ''}`,
      );
      expect(exported.status, await exported.clone().text()).toBe(200);
      const bytes = new Uint8Array(await exported.arrayBuffer());

      const fresh = await newUser(server.url);
      const imported = await importAnkiAndWait(fresh, bytes, { keep_decks: 'true' }, 'all.apkg');
      expect(imported.status, await imported.clone().text()).toBe(200);
      const summary = (await imported.json()) as AnkiImportSummary;
      expect([...summary.decks_created].sort()).toEqual([...ANKI_NAMES].sort());
      const decks = (await json<{ decks: Deck[] }>(await fresh.get('/api/decks'), 200)).decks;
      expect(decks.map((deck) => deck.name).sort()).toEqual([...ANKI_NAMES].sort());
    },
  );
});
