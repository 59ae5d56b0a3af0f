import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import { localDate, studyDate } from '../../core/scheduling/time';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { buildPackage, type FixtureSpec, STOCK } from '../../../test/support/anki/test-packages';
import { json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { studiedDeck } from '../../../test/support/studied-deck';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { readCollection } from '../import/anki/collection';
import { readAnkiPackage } from '../import/anki/package';

/**
 * Issue 20, item 6: Anki's due days are calendar days from the collection's creation date
 * (rslib scheduler/timing.rs `sched_timing_today_v2_new`), each starting at the 4 am rollover
 * in the user's zone; `creationOffset` says in which zone the creation date was read.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const reviewPackage = (
  generation: FixtureSpec['generation'],
  crt: number,
  due: number,
  creationOffset?: number,
) =>
  buildPackage({
    generation,
    crt,
    creationOffset,
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Default' }],
    notes: [
      {
        guid: 'g-due',
        mid: STOCK.basic.id,
        fields: ['Due day', 'a review card'],
        cards: [{ id: 9, ord: 0, type: 2, queue: 2, due, ivl: 10, factor: 2500, reps: 3 }],
      },
    ],
  });

async function importedCard(user: HttpClient, bytes: Uint8Array, timeZone: string) {
  const fields = { keep_decks: 'true', time_zone: timeZone };
  await json(await importAnkiAndWait(user, bytes, fields), 200);
  const page = await json<FlashcardPage>(await user.get('/api/flashcards?limit=10'), 200);
  return page.flashcards[0] as Flashcard;
}

describe('Anki due days on import (issue 20 item 6)', () => {
  it.each(['anki21', 'anki21b'] as const)(
    'a collection made in summer, a card due in winter: no day lost across DST (%s)',
    async (generation) => {
      const user = await newUser(server.url);
      // Made 1 July 2026 at 02:30 in Paris (CEST): day 0 is 1 July; day 200 is 17 January
      // 2027, from 4 am CET (03:00 UTC). 200 days of 24 hours gave 01:30 CET: 16 January.
      const crt = Date.UTC(2026, 6, 1, 0, 30) / 1000;
      const card = await importedCard(user, reviewPackage(generation, crt, 200), 'Europe/Paris');
      expect(card.due_date).toBe('2027-01-17T03:00:00.000Z');
    },
  );

  it.each(['anki21', 'anki21b'] as const)(
    'reads the creation date in the package’s creationOffset (%s)',
    async (generation) => {
      const user = await newUser(server.url);
      // 1 March 2026 23:30 UTC is 2 March in Tokyo (creationOffset -540): day 1 is 3 March,
      // from 4 am in the importing user's zone (New York, EST: 09:00 UTC).
      const crt = Date.UTC(2026, 2, 1, 23, 30) / 1000;
      const bytes = reviewPackage(generation, crt, 1, -540);
      const card = await importedCard(user, bytes, 'America/New_York');
      expect(card.due_date).toBe('2026-03-03T09:00:00.000Z');
    },
  );

  it('refuses a zone it does not know', async () => {
    const user = await newUser(server.url);
    const answer = await importAnkiAndWait(user, reviewPackage('anki21', 1_700_000_000, 1), {
      keep_decks: 'true',
      time_zone: 'Mars/Olympus',
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Unknown time zone');
  });
});

describe('Anki due days on export (issue 20 item 6)', () => {
  it.each(['current', 'legacy'] as const)(
    'writes creationOffset, so Anki anywhere counts the day the card is due here (%s)',
    async (format) => {
      const user = await newUser(server.url);
      const zone = 'America/New_York';
      const { deck } = await studiedDeck(user, zone);
      const cards = (
        await json<FlashcardPage>(await user.get(`/api/flashcards?deck_id=${deck.id}`), 200)
      ).flashcards;
      const review = cards.find((card) => card.card_state === 'review') as Flashcard;
      const exported = await user.get(
        `/api/decks/${deck.id}/export/anki?time_zone=${encodeURIComponent(zone)}${format === 'legacy' ? '&format=legacy' : ''}`,
      );
      expect(exported.status).toBe(200);
      const pkg = await readAnkiPackage(new Uint8Array(await exported.arrayBuffer()));
      const collection = await readCollection(pkg.collection, pkg.version);
      // New York is 300 (EST) or 240 (EDT) minutes west of UTC.
      expect([240, 300]).toContain(collection.creationOffset);
      const offset = collection.creationOffset ?? 0;
      const card = collection.cards.find((row) => row.type === 2);
      // Anki's rule: the creation's calendar date in creationOffset, plus `due` days.
      const created = new Date(collection.crt * 1000 - offset * 60_000).toISOString().slice(0, 10);
      const [y, m, d] = created.split('-').map(Number);
      const dueDate = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + (card?.due ?? 0)));
      expect(dueDate.toISOString().slice(0, 10)).toBe(studyDate(new Date(review.due_date), zone));
      // And crt is the rollover of its own local date, as Anki makes it.
      expect(localDate(new Date(collection.crt * 1000), zone)).toBe(created);
    },
  );
});
