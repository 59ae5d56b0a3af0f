/**
 * Importing cards from text (CSV, TSV, Anki's text format, Quizlet's export) into a deck:
 * a preview of what the text holds, and the import itself in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import type {
  previewTextImportSchema,
  TextImportPreview,
  TextImportResult,
  textImportSchema,
} from '../../core/import/import-schemas';
import { type ColumnMapping, IMPORT_MESSAGES } from '../../core/import/text-import-cards';
import { TEXT_IMPORT_MESSAGES } from '../../core/import/text-import';
import { tagsToColumn } from '../../core/tags';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import { addToCardCount, findOwnedDeckIds } from '../decks/decks.repository';
import { badRequest, HttpError, notFound } from '../http/errors';
import { noteCardRows } from '../flashcards/cloze-notes';
import { insertFlashcards } from '../flashcards/flashcards.repository';
import { createTextThread } from '../generation/text-thread';
import { checkCardQuota, NO_QUOTAS, type Quotas } from '../quotas/quotas.service';

export const TEXT_FILE_MESSAGES = {
  notUtf8:
    'The file is not UTF-8 text: save it as UTF-8 (CSV UTF-8 in a spreadsheet) and try again',
  tooSlow: 'Reading this text took too long and was stopped: split it into smaller files',
} as const;

/** How long reading one text may take in its thread. */
const READ_DEADLINE_MS = 30_000;
let readThread: ReturnType<typeof createTextThread> | undefined;

async function ownDeck(db: Kysely<Database>, userId: string, deckId: string) {
  const owned = await findOwnedDeckIds(db, userId, [deckId]);
  if (!owned.has(deckId)) throw notFound(DECK_MESSAGES.notFoundOrDenied);
}

/** An uploaded file's text: UTF-8 (a BOM is fine), anything else refused. */
export function fileText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(TEXT_FILE_MESSAGES.notUtf8, 'NOT_UTF8');
  }
}

/**
 * Parses the text and checks the mapping and the size in a worker thread (a 10 MB file is a
 * lot of characters for the event loop), with a deadline; answers what an import would do.
 */
async function readText(
  text: string,
  mapping: ColumnMapping | undefined,
  mode: 'preview' | 'import',
) {
  readThread ??= createTextThread();
  let plan;
  try {
    plan = await readThread.run(
      { kind: 'text-import', text, mode, ...(mapping ? { mapping } : {}) },
      AbortSignal.timeout(READ_DEADLINE_MS),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new HttpError(422, 'IMPORT_TOO_SLOW', TEXT_FILE_MESSAGES.tooSlow);
    }
    throw error;
  }
  if (!plan.ok) throw badRequest(plan.message, plan.code);
  return plan;
}

export async function previewTextImport(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  input: z.output<typeof previewTextImportSchema>,
): Promise<TextImportPreview> {
  await ownDeck(db, userId, deckId);
  return (await readText(input.text, input.mapping, 'preview')).preview;
}

const lineList = (problems: { line: number; message: string }[]) => {
  const shown = problems.slice(0, 10).map((problem) => `line ${problem.line}: ${problem.message}`);
  const more = problems.length > 10 ? `; and ${problems.length - 10} more` : '';
  return `${shown.join('; ')}${more}`;
};

/**
 * Imports the rows as cards of the deck, all in one transaction. Bad lines refuse the whole
 * import (400 naming them) unless `skip_bad_lines`, when they are left out and reported.
 */
export async function importText(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  input: z.output<typeof textImportSchema>,
  quotas: Quotas = NO_QUOTAS,
): Promise<TextImportResult> {
  await ownDeck(db, userId, deckId);
  const { cards, problems } = await readText(input.text, input.mapping, 'import');
  if (problems.length > 0 && !input.skip_bad_lines) {
    throw badRequest(
      `${IMPORT_MESSAGES.badLines(problems.length)}: ${lineList(problems)}`,
      'BAD_LINES',
    );
  }
  if (cards.length === 0) throw badRequest(TEXT_IMPORT_MESSAGES.noRows, 'NO_ROWS');
  const now = nowIso();
  const rows = cards.flatMap((card) =>
    noteCardRows(
      userId,
      deckId,
      { ...card, back_content: card.back_content || null },
      randomUUID,
      now,
    ).map((row) => ({
      ...row,
      tags: tagsToColumn(card.tags),
    })),
  );
  await db.transaction().execute(async (trx) => {
    await ownDeck(trx, userId, deckId);
    await checkCardQuota(trx, userId, quotas, rows.length);
    await insertFlashcards(trx, rows);
    await addToCardCount(trx, userId, deckId, rows.length, now);
  });
  return { imported_rows: cards.length, card_count: rows.length, skipped: problems };
}
