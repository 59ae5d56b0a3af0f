/**
 * Cloze notes on the server: a cloze card with deletions c1…cN is written as N sibling cards
 * sharing `note_id` (the first card's id), each asking its own `cloze_number` and keeping its own
 * schedule (docs/decisions/0003-cloze-cards.md). Q&A cards are their own note (`note_id` null).
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import { clozeNumbers } from '../../core/card-content/cloze';
import type { Database, FlashcardTable } from '../db/database';
import { newCardRow } from './flashcards.repository';

type NoteContent = Parameters<typeof newCardRow>[2];

/** `iso` plus `ms` milliseconds: a note's siblings are created in number order. */
export function laterIso(iso: string, ms: number): string {
  return ms === 0 ? iso : new Date(Date.parse(iso) + ms).toISOString();
}

/**
 * The new rows of one note: a Q&A card is one row; a cloze card one row per distinct number
 * (the first row's id is the note id; later siblings are 1 ms apart so they queue in order).
 */
export function noteCardRows(
  userId: string,
  deckId: string,
  card: NoteContent,
  newId: () => string,
  now: string,
): Insertable<FlashcardTable>[] {
  const numbers = card.card_type === 'cloze' ? clozeNumbers(card.front_content) : [];
  if (numbers.length === 0) return [newCardRow(userId, deckId, card, newId(), now)];
  const noteId = newId();
  return numbers.map((number, index) => {
    const time = laterIso(now, index);
    return {
      ...newCardRow(userId, deckId, card, index === 0 ? noteId : newId(), time),
      note_id: noteId,
      cloze_number: number,
    };
  });
}

/** Every card id of the notes of the user's cards `ids` (the cards themselves included). */
export async function withSiblingIds(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return ids;
  const all = new Set(ids);
  for (let index = 0; index < ids.length; index += 500) {
    const chunk = ids.slice(index, index + 500);
    const rows = await db
      .selectFrom('flashcards as card')
      .innerJoin('flashcards as sibling', (join) =>
        join
          .onRef('sibling.note_id', '=', 'card.note_id')
          .onRef('sibling.user_id', '=', 'card.user_id'),
      )
      .select('sibling.id')
      .where('card.user_id', '=', userId)
      .where('card.id', 'in', chunk)
      .execute();
    for (const row of rows) all.add(row.id);
  }
  return [...all];
}

/** The cards of one note of the user's (the card alone when it has no note), by cloze number. */
export async function findNoteCards(
  db: Kysely<Database>,
  userId: string,
  card: { id: string; note_id: string | null },
) {
  const query = db
    .selectFrom('flashcards')
    .select(['id', 'deck_id', 'cloze_number', 'created_at'])
    .where('user_id', '=', userId);
  const rows = await (
    card.note_id === null
      ? query.where('id', '=', card.id)
      : query.where('note_id', '=', card.note_id)
  )
    .orderBy('cloze_number')
    .execute();
  return rows;
}

/** Sets the same changes on several of the user's cards (a note's siblings). */
export async function updateCardRows(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  changes: Updateable<FlashcardTable>,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('flashcards')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}
