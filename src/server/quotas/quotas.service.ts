/**
 * Per-user quotas (issue 21): the bytes of a user's stored files (uploads and media; an Anki
 * package waiting for its job is not counted, it goes when the job ends) and the number of
 * their cards. Each place that creates content asks before writing anything: cards inside the
 * transaction that inserts them, storage before a file is stored. Two requests at the same
 * moment can both pass, so a quota can be passed by one request's worth, never more.
 */
import type { Kysely } from 'kysely';
import { QUOTA_CODES, QUOTA_MESSAGES, type Usage } from '../../core/quota';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { FileStorage } from '../storage/storage';
import { countUserCards } from './quotas.repository';

export interface Quotas {
  /** Bytes the user's stored files may take (USER_STORAGE_QUOTA_MB). */
  storageBytes: number;
  /** Cards the user may keep (USER_CARD_QUOTA). */
  cards: number;
}

/** No limit: for callers (tests, scripts) that do not enforce quotas. */
export const NO_QUOTAS: Quotas = {
  storageBytes: Number.MAX_SAFE_INTEGER,
  cards: Number.MAX_SAFE_INTEGER,
};

/** Refuses (403 CARD_QUOTA_EXCEEDED) when `adding` cards would take the user past the quota. */
export async function checkCardQuota(
  db: Kysely<Database>,
  userId: string,
  quotas: Quotas,
  adding: number,
): Promise<void> {
  if (adding <= 0) return;
  const used = await countUserCards(db, userId);
  if (used + adding > quotas.cards) {
    throw new HttpError(403, QUOTA_CODES.cards, QUOTA_MESSAGES.cards(used, adding, quotas.cards));
  }
}

/** Bytes of the user's stored files (uploads and media), from the storage itself. */
export async function storedBytes(storage: FileStorage, userId: string): Promise<number> {
  const objects = await storage.listAll(`${userId}/`);
  return objects
    .filter((object) => !object.path.startsWith(`${userId}/imports/`))
    .reduce((sum, object) => sum + object.size, 0);
}

/** Refuses (413 STORAGE_QUOTA_EXCEEDED) when `adding` bytes would pass the storage quota. */
export async function checkStorageQuota(
  storage: FileStorage,
  userId: string,
  quotas: Quotas,
  adding: number,
): Promise<void> {
  if (adding <= 0) return;
  const used = await storedBytes(storage, userId);
  if (used + adding > quotas.storageBytes) {
    throw new HttpError(
      413,
      QUOTA_CODES.storage,
      QUOTA_MESSAGES.storage(used, adding, quotas.storageBytes),
    );
  }
}

/** What the user uses of each quota (`GET /api/usage`, Settings). */
export async function getUsage(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  quotas: Quotas,
): Promise<Usage> {
  const [bytes, cards] = await Promise.all([
    storedBytes(storage, userId),
    countUserCards(db, userId),
  ]);
  return {
    storage_bytes: bytes,
    storage_quota_bytes: quotas.storageBytes,
    cards,
    card_quota: quotas.cards,
  };
}
