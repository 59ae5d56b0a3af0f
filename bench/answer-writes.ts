/**
 * The raw rate of an answer's writes (bench/answers.ts): the review row, the card's schedule, the
 * session's counters and the deck's last studied, in one transaction, straight to the database
 * with no HTTP, authentication, read or scheduling — the ceiling the app is measured against.
 */
import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

export type RawDatabase =
  { kind: 'sqlite'; db: SQLite.Database } | { kind: 'postgres'; pool: pg.Pool };

interface Target {
  session: string;
  cards: string[];
  next: number;
}

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const INSERT = `insert into card_reviews (id, client_review_id, user_id, card_id, deck_id, session_id,
  user_response, response_time_seconds, previous_interval_days, previous_ease_factor,
  previous_card_state, previous_card, new_interval_days, new_ease_factor, new_card_state,
  new_due_date, reviewed_at, undone_at)
  values (?, ?, ?, ?, ?, ?, 'good', 2, 0, 2.5, 'new', '{}', 1, 2.5, 'review', ?, ?, null)`;
const CARD = `update flashcards set card_state = 'review', due_date = ?, interval_days = 1,
  review_count = review_count + 1, last_reviewed_at = ? where user_id = ? and id = ?`;
const SESSION = `update learning_sessions set cards_studied = cards_studied + 1,
  good_count = good_count + 1, last_activity_at = ? where user_id = ? and id = ?`;
const DECK = 'update decks set last_studied_at = ? where user_id = ? and id = ?';

/** `?` placeholders as PostgreSQL's `$1, $2, …`. */
const numbered = (text: string) => {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
};

/** Writes per second over `seconds`, by `connections` loops (SQLite: one connection). */
export async function rawAnswerWrites(
  raw: RawDatabase,
  targets: Target[],
  connections: number,
  seconds: number,
): Promise<number> {
  const owners = new Map<string, { user_id: string; deck_id: string }>();
  for (const target of targets) {
    const query = 'select user_id, deck_id from learning_sessions where id = ?';
    const row =
      raw.kind === 'sqlite'
        ? (raw.db.prepare(query).get(target.session) as { user_id: string; deck_id: string })
        : (await raw.pool.query(numbered(query), [target.session])).rows[0];
    owners.set(target.session, row);
  }
  const argumentsOf = (target: Target) => {
    const { user_id: userId, deck_id: deckId } = owners.get(target.session)!;
    const card = target.cards[target.next++ % target.cards.length]!;
    const now = new Date().toISOString();
    return {
      insert: [randomUUID(), randomUUID(), userId, card, deckId, target.session, now, now],
      card: [now, now, userId, card],
      session: [now, userId, target.session],
      deck: [now, userId, deckId],
    };
  };
  const until = performance.now() + seconds * 1000;
  let done = 0;
  if (raw.kind === 'sqlite') {
    const insert = raw.db.prepare(INSERT);
    const card = raw.db.prepare(CARD);
    const session = raw.db.prepare(SESSION);
    const deck = raw.db.prepare(DECK);
    const write = raw.db.transaction((values: ReturnType<typeof argumentsOf>) => {
      insert.run(values.insert);
      card.run(values.card);
      session.run(values.session);
      deck.run(values.deck);
    });
    while (performance.now() < until) {
      write(argumentsOf(targets[done % targets.length]!));
      done += 1;
      // Let the timer of the loop's end be seen (and the event loop breathe) now and then.
      if (done % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return done / seconds;
  }
  const pool = raw.pool;
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) {
          const values = argumentsOf(targets[loop % targets.length]!);
          await client.query('begin');
          await client.query(numbered(INSERT), values.insert);
          await client.query(numbered(CARD), values.card);
          await client.query(numbered(SESSION), values.session);
          await client.query(numbered(DECK), values.deck);
          await client.query('commit');
          done += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  return done / seconds;
}
