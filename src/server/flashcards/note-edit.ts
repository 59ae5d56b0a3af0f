/**
 * Editing a card edits its note: every cloze sibling gets the new front and back and keeps its
 * schedule; a new number adds a card (new state); a number that goes removes its card, only when
 * the request confirms it (409 with what would go otherwise). See
 * docs/decisions/0003-cloze-cards.md.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { clozeRemovalMessage, planClozeSiblings } from '../../core/card-content/cloze-siblings';
import {
  CARD_MESSAGES,
  clozeProblem,
  type updateFlashcardSchema,
} from '../../core/flashcard-schemas';
import { tagsFromColumn, tagsToColumn } from '../../core/tags';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import { addToCardCount } from '../decks/decks.repository';
import { badRequest, conflict, notFound } from '../http/errors';
import { findNoteCards, laterIso, updateCardRows } from './cloze-notes';
import {
  deleteFlashcardRows,
  findFlashcardById,
  insertFlashcards,
  newCardRow,
} from './flashcards.repository';
import { checkCardQuota, NO_QUOTAS, type Quotas } from '../quotas/quotas.service';

/**
 * Applies an edit to a card's note in one transaction.
 *
 * @returns The id of the card to answer with: the edited card, or, when the edit removed its
 *   number, the note's first remaining card.
 */
export async function editNote(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  input: z.output<typeof updateFlashcardSchema>,
  newId: () => string,
  quotas: Quotas = NO_QUOTAS,
): Promise<string> {
  const { confirm_removals: confirmed, ...fields } = input;
  const { tags, ...content } = fields;
  const changes = {
    ...Object.fromEntries(Object.entries(content).filter(([, value]) => value !== undefined)),
    ...(tags === undefined ? {} : { tags: tagsToColumn(tags) }),
  };
  return db.transaction().execute(async (trx) => {
    const current = await findFlashcardById(trx, userId, cardId);
    if (!current) throw notFound(CARD_MESSAGES.notFound);
    const type = fields.card_type ?? current.card_type;
    const front = fields.front_content ?? current.front_content;
    const problem = type === 'cloze' ? clozeProblem(front) : null;
    if (problem) throw badRequest(`front_content: ${problem}`, 'VALIDATION_ERROR');

    const cards = await findNoteCards(trx, userId, current);
    const numbered = cards.filter((card) => card.cloze_number !== null);
    const wasCloze = current.card_type === 'cloze' && current.cloze_number !== null;
    const plan = planClozeSiblings(
      wasCloze ? numbered.map((card) => Number(card.cloze_number)) : [],
      type === 'cloze' ? front : null,
    );
    // The edited card stays whenever it can: as a Q&A card, or as the first new number.
    const becomesQa = type !== 'cloze';
    const takesNumber = !wasCloze && !becomesQa ? (plan.add[0] ?? null) : null;
    const removed = wasCloze
      ? numbered.filter(
          (card) =>
            plan.remove.includes(Number(card.cloze_number)) && !(becomesQa && card.id === cardId),
        )
      : [];
    if (removed.length > 0 && confirmed !== true) {
      throw conflict(clozeRemovalMessage(removed.map((card) => Number(card.cloze_number))));
    }

    const now = nowIso();
    const removedIds = new Set(removed.map((card) => card.id));
    const staying = cards.filter((card) => !removedIds.has(card.id)).map((card) => card.id);
    await updateCardRows(trx, userId, staying, { ...changes, is_edited: 1, updated_at: now });
    const noteId = current.note_id ?? current.id;
    if (becomesQa) {
      await updateCardRows(trx, userId, [cardId], { note_id: null, cloze_number: null });
    } else if (takesNumber !== null) {
      await updateCardRows(trx, userId, [cardId], { note_id: noteId, cloze_number: takesNumber });
    }
    const added = plan.add.filter((number) => number !== takesNumber);
    if (added.length > 0) {
      await checkCardQuota(trx, userId, quotas, added.length - removed.length);
      const content = {
        card_type: type,
        front_content: front,
        back_content: fields.back_content ?? current.back_content,
        tags: tags ?? tagsFromColumn(current.tags),
      };
      await insertFlashcards(
        trx,
        added.map((number, index) => ({
          ...newCardRow(userId, current.deck_id, content, newId(), laterIso(now, index)),
          source_job_id: current.source_job_id,
          source_quote: current.source_quote,
          is_edited: 1,
          note_id: noteId,
          cloze_number: number,
        })),
      );
      await addToCardCount(trx, userId, current.deck_id, added.length, now);
    }
    if (removed.length > 0) {
      const perDeck = await deleteFlashcardRows(trx, userId, [...removedIds]);
      for (const [deckId, count] of perDeck) await addToCardCount(trx, userId, deckId, -count, now);
    }
    if (!removedIds.has(cardId)) return cardId;
    const first = cards.find((card) => !removedIds.has(card.id));
    if (first) return first.id;
    // Every old number went: answer with the note's first new card.
    const fresh = await findNoteCards(trx, userId, { id: cardId, note_id: noteId });
    return fresh[0]?.id ?? cardId;
  });
}
