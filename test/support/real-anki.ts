import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnkiImportSummary } from '../../src/core/anki/import-schemas';
import type { Deck } from '../../src/core/deck-schemas';
import type { Db } from '../../src/server/db/database';
import { importAnkiAndWait } from './anki-import';
import { json } from './fixtures';
import type { HttpClient } from './http-client';

/**
 * The real Anki packages of `shared/data/anki/` (README there), beside the checkout in CI and
 * here: read from where they are, never copied into the project.
 */
export const REAL_ANKI_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/data/anki',
);

/** A real package's bytes, e.g. `realAnkiPackage('real/srs-benchmark.apkg')`. */
export function realAnkiPackage(name: string): Promise<Buffer> {
  return readFile(path.join(REAL_ANKI_DIR, name));
}

/** Imports a package keeping its decks, and answers the summary (the job must complete). */
export async function importRealPackage(
  user: HttpClient,
  bytes: Uint8Array,
  name: string,
): Promise<AnkiImportSummary> {
  return json<AnkiImportSummary>(
    await importAnkiAndWait(user, bytes, { keep_decks: 'true' }, name, 120_000),
    200,
  );
}

export const decksOfUser = async (user: HttpClient) =>
  (await json<{ decks: Deck[] }>(await user.get('/api/decks'), 200)).decks;

/** The user's cards as stored (more than the API's page of 1,000). */
export async function storedCards(db: Db, user: HttpClient) {
  const deckIds = (await decksOfUser(user)).map((deck) => deck.id);
  return db.kysely
    .selectFrom('flashcards')
    .select([
      'id',
      'card_type',
      'front_content',
      'back_content',
      'card_state',
      'suspended_from',
      'interval_days',
      'due_date',
      'stability',
      'difficulty',
      'fsrs_state',
      'anki_guid',
      'anki_ord',
      'cloze_number',
      'tags',
    ])
    .where('deck_id', 'in', deckIds)
    .execute();
}
