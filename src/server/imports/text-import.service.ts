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
import {
  cardsFromRows,
  type ColumnMapping,
  defaultMapping,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  mappingProblem,
  PREVIEW_ROWS,
} from '../../core/import/text-import-cards';
import {
  type ParsedText,
  parseImportText,
  TEXT_IMPORT_MESSAGES,
} from '../../core/import/text-import';
import { tagsToColumn } from '../../core/tags';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import { addToCardCount, findOwnedDeckIds } from '../decks/decks.repository';
import { badRequest, notFound } from '../http/errors';
import { noteCardRows } from '../flashcards/cloze-notes';
import { insertFlashcards } from '../flashcards/flashcards.repository';

async function ownDeck(db: Kysely<Database>, userId: string, deckId: string) {
  const owned = await findOwnedDeckIds(db, userId, [deckId]);
  if (!owned.has(deckId)) throw notFound(DECK_MESSAGES.notFoundOrDenied);
}

/** Parses the text and checks the mapping and the size; answers what an import would do. */
function readText(text: string, requested: ColumnMapping | undefined) {
  const parsed: ParsedText = parseImportText(text);
  if (parsed.rows.length === 0 && parsed.problems.length === 0) {
    throw badRequest(TEXT_IMPORT_MESSAGES.noRows, 'NO_ROWS');
  }
  if (parsed.rows.length + parsed.problems.length > IMPORT_MAX_ROWS) {
    throw badRequest(IMPORT_MESSAGES.tooManyRows, 'TOO_MANY_ROWS');
  }
  const mapping = requested ?? defaultMapping(parsed);
  const problem = mappingProblem(mapping, parsed.columns.length);
  if (problem) throw badRequest(problem, 'BAD_MAPPING');
  return { parsed, mapping, ...cardsFromRows(parsed, mapping) };
}

export async function previewTextImport(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  input: z.output<typeof previewTextImportSchema>,
): Promise<TextImportPreview> {
  await ownDeck(db, userId, deckId);
  const { parsed, mapping, cards, problems } = readText(input.text, input.mapping);
  return {
    format: parsed.format,
    separator: parsed.separator,
    html: parsed.html,
    column_count: parsed.columns.length,
    columns: parsed.columns,
    mapping,
    rows: parsed.rows.slice(0, PREVIEW_ROWS),
    total_rows: parsed.rows.length + parsed.problems.length,
    card_count: cards.length,
    problems,
    deck: parsed.headers.deck ?? null,
    notetype: parsed.headers.notetype ?? null,
    tags: parsed.headers.tags,
    meta_columns: {
      guid: parsed.headers.guidColumn ?? null,
      notetype: parsed.headers.notetypeColumn ?? null,
      deck: parsed.headers.deckColumn ?? null,
      tags: parsed.headers.tagsColumn ?? null,
    },
  };
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
): Promise<TextImportResult> {
  await ownDeck(db, userId, deckId);
  const { cards, problems } = readText(input.text, input.mapping);
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
    await insertFlashcards(trx, rows);
    await addToCardCount(trx, userId, deckId, rows.length, now);
  });
  return { imported_rows: cards.length, card_count: rows.length, skipped: problems };
}
