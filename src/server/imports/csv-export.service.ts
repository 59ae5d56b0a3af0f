/** A deck's cards, or all the user's cards, as a CSV download. */
import type { Kysely } from 'kysely';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import { cardsToCsv, csvFileName } from '../../core/import/csv-export';
import type { Database } from '../db/database';
import { toIso } from '../db/time';
import { notFound } from '../http/errors';
import { findDeckName, findExportRows } from './imports.repository';

function csvResponse(csv: string, name: string): Response {
  const file = csvFileName(name);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

const toExportCard = (row: Awaited<ReturnType<typeof findExportRows>>[number]) => ({
  deck: row.deck,
  front: row.front_content,
  back: row.back_content ?? '',
  type: row.card_type,
  tags: row.tags,
  state: row.card_state,
  due: toIso(row.due_date) ?? '',
});

export async function exportDeckCsv(db: Kysely<Database>, userId: string, deckId: string) {
  const deck = await findDeckName(db, userId, deckId);
  if (!deck) throw notFound(DECK_MESSAGES.notFoundOrDenied);
  const rows = await findExportRows(db, userId, deckId);
  return csvResponse(cardsToCsv(rows.map(toExportCard), false), deck.name);
}

export async function exportAllCsv(db: Kysely<Database>, userId: string) {
  const rows = await findExportRows(db, userId);
  return csvResponse(cardsToCsv(rows.map(toExportCard), true), 'Mnemo cards');
}
