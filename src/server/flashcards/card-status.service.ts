import type { Kysely } from 'kysely';
import { CARD_MESSAGES, type Flashcard } from '../../core/flashcard-schemas';
import { buriedUntil, suspendedFields, unsuspendedFields } from '../../core/scheduling';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import { notFound } from '../http/errors';
import { findStatusRows, setBuriedUntil, setCardStatus } from './card-status.repository';
import { getFlashcard } from './flashcards.service';

/**
 * Suspend, unsuspend, bury and unbury (Anki): a suspended card keeps the state it goes back to
 * and its due date; a buried card is out of every queue until the user's next study day.
 */

type StatusRow = Awaited<ReturnType<typeof findStatusRows>>[number];

function statusChanges(row: StatusRow, suspended: boolean) {
  const card = {
    card_state: row.card_state,
    suspended_from: row.suspended_from,
    review_count: Number(row.review_count),
  };
  return suspended ? suspendedFields(card) : unsuspendedFields(card);
}

/** Suspends or unsuspends cards of the user: all or nothing (404 if any id is not theirs). */
export async function setSuspended(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  suspended: boolean,
): Promise<{ updated: number }> {
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    const rows = await findStatusRows(trx, userId, unique);
    if (rows.length !== unique.length) throw notFound(CARD_MESSAGES.notFound);
    const now = nowIso();
    for (const row of rows) {
      await setCardStatus(trx, userId, row.id, {
        ...statusChanges(row, suspended),
        updated_at: now,
      });
    }
  });
  return { updated: unique.length };
}

export async function suspendCard(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  suspended: boolean,
): Promise<Flashcard> {
  await setSuspended(db, userId, [cardId], suspended);
  return getFlashcard(db, userId, cardId);
}

/** Buries a card until the start of the user's next study day (4 am in `timeZone`). */
export async function buryCard(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  timeZone: string,
  now = new Date(),
): Promise<Flashcard> {
  await getFlashcard(db, userId, cardId);
  await setBuriedUntil(db, userId, [cardId], nowIso(buriedUntil(now, timeZone)));
  return getFlashcard(db, userId, cardId);
}

export async function unburyCard(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
): Promise<Flashcard> {
  await getFlashcard(db, userId, cardId);
  await setBuriedUntil(db, userId, [cardId], null);
  return getFlashcard(db, userId, cardId);
}
