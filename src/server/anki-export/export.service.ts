import type { Kysely } from 'kysely';
import type { AnkiPackageFormat } from '../../core/anki-export/export-schemas';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import { now as clockNow } from '../clock';
import type { Database } from '../db/database';
import { toIso } from '../db/time';
import { HttpError, notFound } from '../http/errors';
import { createTextThread } from '../generation/text-thread';
import type { AnkiExportInput, AnkiExportMedia } from '../generation/text-tasks';
import { mediaNamesIn } from '../../core/anki-export/field-html';
import { mediaStoragePath } from '../media/media-paths';
import type { FileStorage } from '../storage/storage';
import { findExportData } from './export.repository';

export const EXPORT_MESSAGES = {
  tooLarge: 'This export took too long and was stopped: export one deck at a time.',
} as const;

/** How long one export may take in its thread. */
const EXPORT_DEADLINE_MS = 120_000;
let exportThread: ReturnType<typeof createTextThread> | undefined;

/** `Content-Disposition` for a download (RFC 6266, with a plain fallback). */
function attachment(name: string, fallback: string): string {
  const plain = /^[\x20-\x7e]+$/.test(name) && !/["\\/]/.test(name) ? name : fallback;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const num = (value: unknown) => Number(value);

/**
 * One of the user's decks, or all of them, as an Anki package (.apkg) with cards, scheduling,
 * review history and tags; `timeZone` places review days as the user's study days, `format`
 * picks the package generation (`package.ts`).
 */
export async function exportAnkiPackage(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  timeZone: string,
  deckId?: string,
  format: AnkiPackageFormat = 'current',
): Promise<Response> {
  const data = await findExportData(db, userId, deckId);
  if (deckId !== undefined && data.decks.length === 0) throw notFound(DECK_MESSAGES.notFound);
  const input: AnkiExportInput = {
    now: clockNow().toISOString(),
    timeZone,
    format,
    decks: data.decks.map((deck) => ({
      ...deck,
      new_cards_per_day: num(deck.new_cards_per_day),
      max_reviews_per_day: num(deck.max_reviews_per_day),
      desired_retention: num(deck.desired_retention),
      maximum_interval_days: num(deck.maximum_interval_days),
    })),
    cards: data.cards.map((card) => ({
      ...card,
      due_date: toIso(card.due_date),
      buried_until: toIso(card.buried_until),
      created_at: toIso(card.created_at),
      updated_at: toIso(card.updated_at),
      interval_days: num(card.interval_days),
      ease_factor: num(card.ease_factor),
      lapses: num(card.lapses),
      reps: num(card.reps),
      review_count: num(card.review_count),
      stability: card.stability === null ? null : num(card.stability),
      difficulty: card.difficulty === null ? null : num(card.difficulty),
      fsrs_state: num(card.fsrs_state),
      learning_step: num(card.learning_step),
      is_leech: num(card.is_leech),
      cloze_number: card.cloze_number === null ? null : num(card.cloze_number),
    })),
    reviews: data.reviews.map((review) => ({
      ...review,
      response_time_seconds: num(review.response_time_seconds),
      previous_interval_days: num(review.previous_interval_days),
      new_interval_days: num(review.new_interval_days),
      new_ease_factor: num(review.new_ease_factor),
      new_due_date: toIso(review.new_due_date),
      reviewed_at: toIso(review.reviewed_at),
    })),
  };
  // The stored media the cards show go into the package (read here, on the main thread, from
  // the user's own folder; a file that is gone is left out and the card keeps its reference).
  const media: AnkiExportMedia[] = [];
  const names = new Set(
    data.cards.flatMap((card) => mediaNamesIn(card.front_content + '\n' + card.back_content)),
  );
  for (const name of names) {
    const bytes = await storage.get(mediaStoragePath(userId, name));
    if (bytes !== null) media.push({ name, data: bytes });
  }
  // Building the rows and the SQLite file takes seconds for tens of thousands of cards: it runs
  // in a thread of its own, with a deadline, never on the event loop.
  exportThread ??= createTextThread();
  let bytes: Uint8Array;
  try {
    bytes = await exportThread.run(
      { kind: 'anki-export', input, media },
      AbortSignal.timeout(EXPORT_DEADLINE_MS),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new HttpError(422, 'EXPORT_TOO_LARGE', EXPORT_MESSAGES.tooLarge);
    }
    throw error;
  }
  const name = deckId !== undefined ? (data.decks[0]?.name ?? 'deck') : 'Mnemo';
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      // The two package generations get different names: downloading both keeps both.
      'content-disposition': attachment(
        format === 'legacy' ? `${name} (Anki 2.1.49 and older).apkg` : `${name}.apkg`,
        format === 'legacy' ? 'mnemo-legacy.apkg' : 'mnemo.apkg',
      ),
      'cache-control': 'private, no-store',
    },
  });
}
