import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { clozeNumbers } from '../../core/card-content/cloze';
import type { Database, FlashcardTable } from './database';
import { nowIso } from './time';

/**
 * Issue 11, cloze siblings: every cloze card written before siblings existed (`note_id` null)
 * becomes the card of its first number n1 (keeping its id, schedule and review history;
 * `note_id` = its id, `cloze_number` = n1) and gets a new card for each further number (new
 * state, due now, same deck, source and creation time); the decks' `card_count` rises with them.
 * Runs over the rows in id order, a batch at a time (linear in the number of cloze cards).
 */
export function clozeSiblingsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await splitClozeCards(db as Kysely<Database>);
    },
  };
}

/**
 * Splits the unsplit cloze cards into siblings (see {@link clozeSiblingsMigration}).
 *
 * @returns How many sibling cards were added.
 */
export async function splitClozeCards(db: Kysely<Database>, batchSize = 500): Promise<number> {
  const now = nowIso();
  let after = '';
  let added = 0;
  for (;;) {
    const cards = await db
      .selectFrom('flashcards')
      .selectAll()
      .where('card_type', '=', 'cloze')
      .where('note_id', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (cards.length === 0) return added;
    after = cards[cards.length - 1]?.id ?? after;
    const siblings: Insertable<FlashcardTable>[] = [];
    const perDeck = new Map<string, number>();
    for (const card of cards) {
      const [first, ...rest] = clozeNumbers(card.front_content);
      // A card without a valid deletion (never accepted by the API) stays as it is.
      if (first === undefined) continue;
      await db
        .updateTable('flashcards')
        .set({ note_id: card.id, cloze_number: first })
        .where('id', '=', card.id)
        .execute();
      for (const number of rest) {
        siblings.push({
          id: randomUUID(),
          user_id: card.user_id,
          deck_id: card.deck_id,
          card_type: 'cloze',
          front_content: card.front_content,
          back_content: card.back_content,
          source_job_id: card.source_job_id,
          source_quote: card.source_quote,
          is_edited: card.is_edited,
          card_state: 'new',
          due_date: now,
          interval_days: 0,
          ease_factor: 2.5,
          review_count: 0,
          learning_step: 0,
          last_reviewed_at: null,
          average_response_time: null,
          created_at: card.created_at,
          updated_at: now,
          note_id: card.id,
          cloze_number: number,
        });
      }
      if (rest.length > 0)
        perDeck.set(card.deck_id, (perDeck.get(card.deck_id) ?? 0) + rest.length);
    }
    // 500 rows of 21 columns stay below SQLite's 32,766 bound parameters.
    for (let index = 0; index < siblings.length; index += 500) {
      await db
        .insertInto('flashcards')
        .values(siblings.slice(index, index + 500))
        .execute();
    }
    for (const [deckId, count] of perDeck) {
      await db
        .updateTable('decks')
        .set({ card_count: sql`card_count + ${count}` })
        .where('id', '=', deckId)
        .execute();
    }
    added += siblings.length;
  }
}
