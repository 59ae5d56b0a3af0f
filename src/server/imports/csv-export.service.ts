/**
 * A deck's cards, or all the user's cards, as a CSV download, streamed (issue 21): the cards'
 * ids are read first (in the file's order), then their rows a page at a time as the client
 * takes the body, each page written as CSV records and the event loop let run between pages,
 * so a large export neither holds the whole file in memory nor stops other requests.
 */
import type { Kysely } from 'kysely';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import { csvFileName, csvHead, csvRecords } from '../../core/import/csv-export';
import type { Database } from '../db/database';
import { toIso } from '../db/time';
import { notFound } from '../http/errors';
import { findDeckName, findExportIds, findExportRowsByIds } from './imports.repository';

/** Cards read and written per page of the stream. */
export const CSV_EXPORT_PAGE = 200;

function csvResponse(body: ReadableStream<Uint8Array>, name: string): Response {
  const file = csvFileName(name);
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

type ExportRow = Awaited<ReturnType<typeof findExportRowsByIds>>[number];

const toExportCard = (row: ExportRow) => ({
  deck: row.deck,
  front: row.front_content,
  back: row.back_content ?? '',
  type: row.card_type,
  tags: row.tags,
  state: row.card_state,
  due: toIso(row.due_date) ?? '',
});

/** The file as a stream pulled by the client: the head, then one page of records per pull. */
function csvStream(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  withDeck: boolean,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = -1;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (next < 0) {
          next = 0;
          controller.enqueue(encoder.encode(csvHead(withDeck)));
          return;
        }
        // A pull must enqueue or close (the stream asks again only then): pages whose cards
        // were all deleted since the ids were read are passed over.
        while (next < ids.length) {
          const page = ids.slice(next, next + CSV_EXPORT_PAGE);
          next += page.length;
          await new Promise<void>((resolve) => setImmediate(resolve));
          const rows = new Map(
            (await findExportRowsByIds(db, userId, page)).map((row) => [row.id, row]),
          );
          // In the ids' order; a card deleted since the ids were read is left out.
          const cards = page.flatMap((id) => {
            const row = rows.get(id);
            return row ? [toExportCard(row)] : [];
          });
          if (cards.length > 0) {
            controller.enqueue(encoder.encode(csvRecords(cards, withDeck)));
            return;
          }
        }
        controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}

export async function exportDeckCsv(db: Kysely<Database>, userId: string, deckId: string) {
  const deck = await findDeckName(db, userId, deckId);
  if (!deck) throw notFound(DECK_MESSAGES.notFoundOrDenied);
  const ids = await findExportIds(db, userId, deckId);
  return csvResponse(csvStream(db, userId, ids, false), deck.name);
}

export async function exportAllCsv(db: Kysely<Database>, userId: string) {
  const ids = await findExportIds(db, userId);
  return csvResponse(csvStream(db, userId, ids, true), 'Mnemo cards');
}
