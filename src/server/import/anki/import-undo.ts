/**
 * Taking back a failed import (issue 21): the import writes in short transactions
 * (import.service.ts), so a job that fails (its deadline, an error) deletes what it wrote —
 * the sessions it made (their reviews go with them), the cards it added (with their reviews;
 * the counts of decks that were there before go down again), the decks it made — in short
 * transactions too. Content it updated in cards imported before stays updated (it is the
 * package's). A job whose lease was lost is not undone: the job runs again, and its next
 * attempt finds these rows (same GUIDs, same review ids) and completes them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { addToCardCount } from '../../decks/decks.repository';
import { breathe } from './import.repository';
import type { WrittenRows } from './import.service';

const CHUNK = 500;

export async function undoImport(
  db: Kysely<Database>,
  userId: string,
  written: WrittenRows,
  now: string,
): Promise<void> {
  for (let index = 0; index < written.sessions.length; index += CHUNK) {
    await db
      .deleteFrom('learning_sessions')
      .where('user_id', '=', userId)
      .where('id', 'in', written.sessions.slice(index, index + CHUNK))
      .execute();
    await breathe();
  }
  const madeDecks = new Set(written.decks);
  for (const [deckId, ids] of written.cards) {
    for (let index = 0; index < ids.length; index += CHUNK) {
      const chunk = ids.slice(index, index + CHUNK);
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('flashcards')
          .where('user_id', '=', userId)
          .where('id', 'in', chunk)
          .executeTakeFirst();
        if (!madeDecks.has(deckId)) {
          await addToCardCount(trx, userId, deckId, -Number(result.numDeletedRows), now);
        }
      });
      await breathe();
    }
  }
  for (let index = 0; index < written.decks.length; index += CHUNK) {
    await db
      .deleteFrom('decks')
      .where('user_id', '=', userId)
      .where('id', 'in', written.decks.slice(index, index + CHUNK))
      .execute();
    await breathe();
  }
  written.sessions = [];
  written.cards.clear();
  written.decks = [];
}
