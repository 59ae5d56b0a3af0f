import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StartedSession } from '../../core/study-schemas';
import { createDb } from '../db/database';
import { createDeck, json, PASSWORD } from '../../../test/support/fixtures';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

const RESPONSES = ['again', 'hard', 'good', 'easy'] as const;

/**
 * Crash test: 500 answers over HTTP while the server is killed with SIGKILL several times and
 * restarted on the same database. Like the browser's queue, the client resends every answer
 * that was not acknowledged, with the same id. Afterwards every answer is recorded exactly
 * once, and every card matches its last review row.
 */
describe('answers survive the server being killed', () => {
  it('records every acknowledged answer exactly once across 3 SIGKILLs', async () => {
    const servers: TestServer[] = [await startTestServer({ env: { LOG_LEVEL: 'warn' } })];
    const first = servers[0] as TestServer;
    const email = uniqueEmail('crash');
    let client = new HttpClient(first.url);
    await json(
      await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Crash' }),
      200,
    );
    const deck = await createDeck(client, 'Crash deck');
    const cards = Array.from({ length: 40 }, (_, index) => ({
      deck_id: deck.id,
      front_content: `Q${index}`,
      back_content: `A${index}`,
    }));
    await json(await client.post('/api/flashcards/bulk', { cards }), 201);
    await client.request(`/api/decks/${deck.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ new_cards_per_day: 100 }),
    });
    const { session, queue } = await json<StartedSession>(
      await client.post(`/api/decks/${deck.id}/study/sessions`, {
        time_zone: 'UTC',
        max_new_cards: 100,
      }),
      201,
    );

    const answers = Array.from({ length: 500 }, (_, index) => ({
      id: `crash-${index}-${Math.random().toString(36).slice(2, 8)}`,
      card_id: queue[index % queue.length]?.id ?? '',
      response: RESPONSES[(index * 7) % 4] ?? 'good',
      response_time_seconds: 2,
    }));
    const acknowledged = new Set<string>();
    let next = 0;
    let kills = 0;
    try {
      while (acknowledged.size < answers.length) {
        const current = servers.at(-1) as TestServer;
        // Four senders at once, so a kill lands while requests are in flight.
        const send = async () => {
          for (;;) {
            const answer = answers.find(
              (item, index) => index >= next && !acknowledged.has(item.id),
            );
            if (!answer) return;
            next = answers.indexOf(answer) + 1;
            try {
              const response = await client.post(
                `/api/study/sessions/${session.id}/reviews`,
                answer,
              );
              if (response.status === 200) acknowledged.add(answer.id);
              else throw new Error(`answer refused: ${response.status} ${await response.text()}`);
            } catch (error) {
              if (error instanceof Error && error.message.startsWith('answer refused')) throw error;
              return; // the server is gone
            }
          }
        };
        let sending = true;
        const senders = Promise.all([send(), send(), send(), send()]).finally(() => {
          sending = false;
        });
        const target = 120 * (kills + 1);
        if (kills < 3) {
          while (sending && acknowledged.size < target) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          if (sending) {
            current.process.kill('SIGKILL');
            kills++;
          }
        }
        await senders;
        if (current.process.exitCode !== null || current.process.signalCode !== null) {
          const restarted = await startTestServer({ env: { LOG_LEVEL: 'warn' }, shareWith: first });
          servers.push(restarted);
          client = new HttpClient(restarted.url);
          await json(
            await client.post('/api/auth/sign-in/email', { email, password: PASSWORD }),
            200,
          );
        }
        next = 0; // resend whatever was not acknowledged, with the same ids
      }
      expect(kills).toBe(3);

      const db = createDb(
        first.databaseUrl
          ? { kind: 'postgres', url: first.databaseUrl, poolSize: 2 }
          : { kind: 'sqlite', file: path.join(first.dataDir, 'mnemo.db') },
      );
      try {
        const rows = await db.kysely
          .selectFrom('card_reviews')
          .select([
            'client_review_id',
            'card_id',
            'new_card_state',
            'new_due_date',
            'reviewed_at',
            'id',
          ])
          .where('session_id', '=', session.id)
          .orderBy('reviewed_at')
          .orderBy('id')
          .execute();
        const ids = rows.map((row) => row.client_review_id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.sort()).toEqual(answers.map((answer) => answer.id).sort());
        const sessionRow = await db.kysely
          .selectFrom('learning_sessions')
          .selectAll()
          .where('id', '=', session.id)
          .executeTakeFirstOrThrow();
        expect(Number(sessionRow.cards_studied)).toBe(500);

        const lastByCard = new Map<string, (typeof rows)[number]>();
        for (const row of rows) lastByCard.set(row.card_id, row);
        const stored = await db.kysely
          .selectFrom('flashcards')
          .select(['id', 'card_state', 'due_date', 'review_count'])
          .where('deck_id', '=', deck.id)
          .execute();
        for (const card of stored) {
          const last = lastByCard.get(card.id);
          if (!last) continue;
          expect(card.card_state).toBe(last.new_card_state);
          expect(new Date(card.due_date).toISOString()).toBe(
            new Date(last.new_due_date).toISOString(),
          );
          expect(Number(card.review_count)).toBe(
            rows.filter((row) => row.card_id === card.id).length,
          );
        }
      } finally {
        await db.close();
      }
    } finally {
      for (const server of servers.slice(1).reverse()) await server.stop();
      await first.stop();
    }
  }, 120_000);
});
