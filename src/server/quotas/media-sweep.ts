/**
 * Media reference counting (issue 21): a stored media file (`{userId}/media/<sha256>.<ext>`)
 * stays while a card of its owner refers to it (`mnemo-media:<name>` in its text); after cards
 * are deleted or edited, or an Anki import ends (completed or failed), the files no card uses
 * any more are removed from storage. The count is taken from the cards themselves, so a copy
 * of a deck, an edit and a re-import need no bookkeeping. While an import of the user is waiting
 * runs the sweep leaves everything (the import stores its files before its cards), and the
 * import sweeps when it ends.
 */
import type { Kysely } from 'kysely';
import { isMediaName, mediaNamesIn } from '../../core/card-content/media';
import type { Database } from '../db/database';
import { mediaPrefix, mediaStoragePath } from '../media/media-paths';
import { removeMediaNames } from '../media/media-names.repository';
import type { FileStorage } from '../storage/storage';
import { findCardsWithMedia, hasActiveImport } from './quotas.repository';

const PAGE = 500;

/** Removes the user's media files that no card of theirs refers to; answers their names. */
export async function removeUnusedMedia(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
): Promise<string[]> {
  const prefix = mediaPrefix(userId);
  const unused = new Set(
    (await storage.list(prefix))
      .map((object) => object.path.slice(prefix.length))
      .filter((name) => isMediaName(name)),
  );
  if (unused.size === 0) return [];
  if (await hasActiveImport(db, userId)) return [];
  let after: { created_at: string; id: string } | null = null;
  while (unused.size > 0) {
    const page = await findCardsWithMedia(db, userId, after, PAGE);
    for (const card of page) {
      for (const name of mediaNamesIn(card.front_content)) unused.delete(name);
      for (const name of mediaNamesIn(card.back_content)) unused.delete(name);
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
  const removed: string[] = [];
  for (const name of unused) {
    if (await storage.remove(mediaStoragePath(userId, name))) removed.push(name);
  }
  await removeMediaNames(db, userId, removed);
  return removed;
}

/** The sweep after a deletion or an edit: never fails the request that made it. */
export function sweepMediaQuietly(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
): Promise<unknown> {
  return removeUnusedMedia(db, storage, userId).catch(() => undefined);
}
