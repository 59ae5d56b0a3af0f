import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flashcard } from '../../core/flashcard-schemas';
import type { StartedSession } from '../../core/study-schemas';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { createDb, type Db } from '../db/database';
import { readCollection } from '../import/anki/collection';
import { readAnkiPackage } from '../import/anki/package';

/**
 * Issue 20, item 12: a learning card goes out at the step it is at (Anki's `left`, read by
 * rslib's LearningSteps as index = steps − left % 1000), and relearning answers as Anki logs
 * them (rslib answering/revlog.rs: the kind of the state answered from, intervals in negative
 * seconds while in a step).
 */
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

const T0 = Date.UTC(2026, 10, 2, 10);
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

async function answer(
  user: HttpClient,
  session: string,
  card: string,
  response: string,
  when: string,
) {
  await json(
    await user.post(
      `/api/study/sessions/${session}/reviews`,
      { id: `${card}-${Date.parse(when)}`, card_id: card, response, response_time_seconds: 3 },
      { headers: { 'X-Test-Now': when } },
    ),
    200,
  );
}

async function exportAndRead(user: HttpClient, deckId: string, format: string, when: string) {
  const exported = await user.get(
    `/api/decks/${deckId}/export/anki?time_zone=UTC${format === 'legacy' ? '&format=legacy' : ''}`,
    { headers: { 'X-Test-Now': when } },
  );
  expect(exported.status).toBe(200);
  const bytes = new Uint8Array(await exported.arrayBuffer());
  const pkg = await readAnkiPackage(bytes);
  return { bytes, collection: await readCollection(pkg.collection, pkg.version) };
}

describe('learning steps and relearning history to Anki and back (issue 20 item 12)', () => {
  it.each(['current', 'legacy'] as const)(
    'a card at step 1 of [1m, 10m] and a relearning card keep their steps (%s)',
    async (format) => {
      const user = await newUser(server.url);
      const deck = await createDeck(user, 'Steps');
      await json(
        await user.request(`/api/decks/${deck.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ scheduler: 'fsrs' }),
        }),
        200,
      );
      const add = async (front: string) =>
        json<Flashcard>(
          await user.post('/api/flashcards', {
            deck_id: deck.id,
            front_content: front,
            back_content: 'b',
          }),
          201,
        );
      const learning = await add('Learning card');
      const lapsed = await add('Lapsed card');
      const started = await json<StartedSession>(
        await user.post(
          `/api/decks/${deck.id}/study/sessions`,
          { time_zone: 'UTC' },
          { headers: { 'X-Test-Now': at(0) } },
        ),
        201,
      );
      const session = started.session.id;
      // Again on a new card: step 1 (1 minute).
      await answer(user, session, learning.id, 'again', at(0));
      // The other card: learnt (Good, Good), then forgotten days later (Again), then Again in
      // relearning.
      await answer(user, session, lapsed.id, 'good', at(1));
      await answer(user, session, lapsed.id, 'good', at(12));
      await answer(user, session, lapsed.id, 'again', at(60 * 24 * 20));
      await answer(user, session, lapsed.id, 'again', at(60 * 24 * 20 + 11));
      const when = at(60 * 24 * 20 + 12);

      const { bytes, collection } = await exportAndRead(user, deck.id, format, when);
      const byFront = new Map(
        collection.notes.map((note) => [note.id, note.fields[0] ?? ''] as const),
      );
      const cardOf = (front: string) =>
        collection.cards.find((card) => byFront.get(card.nid) === front)!;
      // Step 1 of two: two steps left (index 2 − 2 = 0), both before the rollover.
      expect(cardOf('Learning card')).toMatchObject({ type: 1, queue: 1, left: 2002 });
      // Relearning, at its one step of 10 minutes.
      expect(cardOf('Lapsed card')).toMatchObject({ type: 3, queue: 1, left: 1001 });
      const lapsedId = cardOf('Lapsed card').id;
      const rows = collection.revlog
        .filter((row) => row.cid === lapsedId)
        .map((row) => [row.type, row.ease, row.ivl < 0 ? row.ivl : 'days', row.lastIvl]);
      expect(rows).toEqual([
        [0, 3, -600, 0], // Good on the new card: to the 10-minute step
        [0, 3, 'days', -600], // Good at the 10-minute step: graduates
        [1, 1, -600, expect.any(Number)], // the lapse: a review row, to the relearning step
        [2, 1, -600, -600], // Again in relearning: type 2, seconds both ways
      ]);

      // Back into Mnemo: the same steps, and the history keeps Anki's kinds.
      const fresh = await newUser(server.url);
      const imported = await importAnkiAndWait(fresh, bytes, { keep_decks: 'true' });
      expect(imported.status, await imported.clone().text()).toBe(200);
      const stored = await db.kysely
        .selectFrom('flashcards')
        .select(['front_content', 'learning_step', 'fsrs_state', 'card_state'])
        .where('anki_guid', 'is not', null)
        .where(
          'deck_id',
          'in',
          (await json<{ decks: { id: string }[] }>(await fresh.get('/api/decks'), 200)).decks.map(
            (d) => d.id,
          ),
        )
        .orderBy('front_content')
        .execute();
      expect(
        stored.map((row) => [row.front_content, Number(row.learning_step), Number(row.fsrs_state)]),
      ).toEqual([
        ['Lapsed card', 0, 3],
        ['Learning card', 0, 1],
      ]);
      const again = await exportAndRead(
        fresh,
        (await json<{ decks: { id: string }[] }>(await fresh.get('/api/decks'), 200)).decks[0]!.id,
        format,
        when,
      );
      expect(again.collection.revlog.map((row) => [row.type, row.ivl, row.lastIvl])).toEqual(
        collection.revlog.map((row) => [row.type, row.ivl, row.lastIvl]),
      );
    },
  );
});
