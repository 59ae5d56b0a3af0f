import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AnkiPackageFormat } from '../../core/anki-export/export-schemas';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import { now as clockNow } from '../clock';
import type { Database } from '../db/database';
import { toIso } from '../db/time';
import { HttpError, notFound } from '../http/errors';
import { mediaStoragePath } from '../media/media-paths';
import { findMediaNames } from '../media/media-names.repository';
import type { FileStorage } from '../storage/storage';
import type { ExportCard, ExportDeck, ExportReview } from './collection';
import { releaseExportLease, takeExportLease } from './export-lease';
import { startExportThread } from './export-thread';
import {
  findExportCardIds,
  findExportCards,
  findExportDecks,
  findExportReviewIds,
  findExportReviews,
} from './export.repository';

export const EXPORT_MESSAGES = {
  tooLarge: 'This export took too long and was stopped: export one deck at a time.',
  busy: 'Your previous export is still being prepared. Wait until it is ready, then try again.',
} as const;

/** How long one export may take to build. */
const EXPORT_DEADLINE_MS = 120_000;
/** Cards (and answers) read from the database and handed to the thread at a time. */
export const EXPORT_PAGE = 500;

/**
 * How long an export's lease on its user lasts: past the build's deadline, so only a build
 * whose process died loses it (export-lease.ts).
 */
const EXPORT_LEASE_MS = EXPORT_DEADLINE_MS + 60_000;

/** `Content-Disposition` for a download (RFC 6266, with a plain fallback). */
function attachment(name: string, fallback: string): string {
  const plain = /^[\x20-\x7e]+$/.test(name) && !/["\\/]/.test(name) ? name : fallback;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const num = (value: unknown) => Number(value);
const numOrNull = (value: unknown) => (value === null ? null : Number(value));

type Row<T> = { [K in keyof T]: unknown };

const deckOf = (deck: Row<ExportDeck>): ExportDeck =>
  ({
    ...deck,
    new_cards_per_day: num(deck.new_cards_per_day),
    max_reviews_per_day: num(deck.max_reviews_per_day),
    desired_retention: num(deck.desired_retention),
    maximum_interval_days: num(deck.maximum_interval_days),
  }) as ExportDeck;

const cardOf = (card: Row<ExportCard>): ExportCard =>
  ({
    ...card,
    due_date: toIso(card.due_date as string),
    buried_until: toIso(card.buried_until as string | null),
    created_at: toIso(card.created_at as string),
    updated_at: toIso(card.updated_at as string),
    interval_days: num(card.interval_days),
    ease_factor: num(card.ease_factor),
    lapses: num(card.lapses),
    reps: num(card.reps),
    review_count: num(card.review_count),
    stability: numOrNull(card.stability),
    difficulty: numOrNull(card.difficulty),
    fsrs_state: num(card.fsrs_state),
    learning_step: num(card.learning_step),
    is_leech: num(card.is_leech),
    cloze_number: numOrNull(card.cloze_number),
  }) as ExportCard;

const reviewOf = (review: Row<ExportReview>): ExportReview =>
  ({
    ...review,
    response_time_seconds: num(review.response_time_seconds),
    previous_interval_days: num(review.previous_interval_days),
    new_interval_days: num(review.new_interval_days),
    new_ease_factor: num(review.new_ease_factor),
    new_due_date: toIso(review.new_due_date as string),
    reviewed_at: toIso(review.reviewed_at as string),
  }) as ExportReview;

/**
 * Lets the event loop take other requests: the thread answers so fast that its answers would
 * otherwise run one after another in one turn of the loop (a MessagePort delivers what is
 * queued in one go), and the pages' reads with them.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the rows of `ids` a page at a time and hands each to the thread; the next page is read
 * while the thread works on the one before (two pages at most in memory).
 */
async function inPages<T>(
  ids: string[],
  read: (ids: string[]) => Promise<T[]>,
  send: (rows: T[]) => Promise<unknown>,
): Promise<void> {
  const page = (at: number) => {
    if (at >= ids.length) return null;
    const reading = read(ids.slice(at, at + EXPORT_PAGE));
    reading.catch(() => {}); // awaited below; not unhandled if the export fails first
    return reading;
  };
  let next = page(0);
  for (let at = 0; next;) {
    const rows = await next;
    at += EXPORT_PAGE;
    next = page(at);
    await send(rows);
    await yieldToOthers();
  }
}

/**
 * One of the user's decks, or all of them, as an Anki package (.apkg) with cards, scheduling,
 * review history, tags and media; `timeZone` places review days as the user's study days,
 * `format` picks the package generation (`package.ts`). Built in a thread of its own into a
 * temporary file (collection-builder.ts), the rows read and handed over a page at a time and
 * the media one file at a time, then sent from the file, which is already deleted (issue 21
 * item 8). One export at a time per user, in every process (a lease in the database), within a
 * deadline.
 */
export async function exportAnkiPackage(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  timeZone: string,
  deckId?: string,
  format: AnkiPackageFormat = 'current',
): Promise<Response> {
  const decks = await findExportDecks(db, userId, deckId);
  if (deckId !== undefined && decks.length === 0) throw notFound(DECK_MESSAGES.notFound);
  // Real time, not the request's test clock: leases are compared across requests.
  const lease = await takeExportLease(db, userId, new Date(), EXPORT_LEASE_MS);
  if (lease === null) throw new HttpError(429, 'EXPORT_RUNNING', EXPORT_MESSAGES.busy);
  try {
    return await buildAndSend(db, storage, userId, timeZone, decks, deckId, format);
  } finally {
    await releaseExportLease(db, userId, lease);
  }
}

/** Builds the package of `decks` in its thread and answers it as a download. */
async function buildAndSend(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  timeZone: string,
  decks: Awaited<ReturnType<typeof findExportDecks>>,
  deckId: string | undefined,
  format: AnkiPackageFormat,
): Promise<Response> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-export-'));
  const thread = startExportThread(AbortSignal.timeout(EXPORT_DEADLINE_MS));
  try {
    const deckIds = decks.map((deck) => deck.id);
    await thread.ask({
      type: 'start',
      start: {
        dir,
        format,
        now: clockNow().toISOString(),
        timeZone,
        decks: decks.map(deckOf),
      },
    });
    await inPages(
      await findExportCardIds(db, userId, deckIds),
      (ids) => findExportCards(db, userId, ids),
      (rows) => thread.ask({ type: 'cards', cards: rows.map(cardOf) }),
    );
    // The media's original names (an imported file goes back under the name it came with).
    const referenced = await thread.ask({ type: 'referenced' });
    const originals = await findMediaNames(db, userId, referenced);
    await thread.ask({ type: 'notes', originals: [...originals] });
    await inPages(
      await findExportReviewIds(db, userId, deckIds),
      (ids) => findExportReviews(db, userId, ids),
      (rows) => thread.ask({ type: 'reviews', reviews: rows.map(reviewOf) }),
    );
    // The stored media the cards show, read one at a time from the user's own folder.
    for (const name of await thread.ask({ type: 'collection' })) {
      const data = await storage.get(mediaStoragePath(userId, name));
      await thread.ask({ type: 'media', name, data });
      await yieldToOthers();
    }
    const built = await thread.ask({ type: 'close' });
    // Opened, then deleted: the file goes when the download ends or is abandoned.
    const file = await fs.open(built.file);
    await fs.rm(dir, { recursive: true, force: true });
    const name = deckId !== undefined ? (decks[0]?.name ?? 'deck') : 'Mnemo';
    const body = Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(built.size),
        // The two package generations get different names: downloading both keeps both.
        'content-disposition': attachment(
          format === 'legacy' ? `${name} (Anki 2.1.49 and older).apkg` : `${name}.apkg`,
          format === 'legacy' ? 'mnemo-legacy.apkg' : 'mnemo.apkg',
        ),
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new HttpError(422, 'EXPORT_TOO_LARGE', EXPORT_MESSAGES.tooLarge);
    }
    throw error;
  } finally {
    await thread.stop();
  }
}
