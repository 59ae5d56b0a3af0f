import { type IDBPDatabase, openDB } from 'idb';
import { mediaUrl } from '../../../core/card-content/media';
import type { OfflineCopy } from '../../../core/offline-schemas';
import { api } from '../../lib/api-client';
import { timeZone } from '../../lib/time-zone';
import { type KeptDeck, keptDeckFrom, keptKey } from './kept-deck';

/**
 * Decks kept for offline study, in IndexedDB ('mnemo-offline'), and their media in the
 * 'mnemo-media' cache, which the service worker answers /api/media/ from when offline
 * (vite.config.ts). Listeners hear of every change (the deck page's 'Available offline').
 */
const STORE = 'decks';
export const MEDIA_CACHE = 'mnemo-media';
let database: Promise<IDBPDatabase> | undefined;
const listeners = new Set<() => void>();

function db(): Promise<IDBPDatabase> {
  database ??= openDB('mnemo-offline', 1, {
    upgrade(upgrade) {
      const store = upgrade.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex('userId', 'userId');
    },
  });
  return database;
}

function changed() {
  for (const listener of listeners) listener();
}

export function onKeptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function keptDeck(userId: string, deckId: string): Promise<KeptDeck | undefined> {
  return (await (await db()).get(STORE, keptKey(userId, deckId))) as KeptDeck | undefined;
}

export async function keptDecks(userId: string): Promise<KeptDeck[]> {
  return (await (await db()).getAllFromIndex(STORE, 'userId', userId)) as KeptDeck[];
}

export async function saveKept(kept: KeptDeck): Promise<void> {
  await (await db()).put(STORE, kept);
  changed();
}

/** Keeps the media in the cache; answers the bytes they take. */
async function keepMedia(names: string[]): Promise<number> {
  if (names.length === 0 || typeof caches === 'undefined') return 0;
  const cache = await caches.open(MEDIA_CACHE);
  let bytes = 0;
  for (const name of names) {
    const url = mediaUrl(name);
    const cached = await cache.match(url); // content-addressed: a name never changes its bytes
    if (cached) {
      bytes += (await cached.blob()).size;
      continue;
    }
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) continue;
    bytes += (await response.clone().blob()).size;
    await cache.put(url, response);
  }
  return bytes;
}

const copyBytes = (copy: OfflineCopy) => new TextEncoder().encode(JSON.stringify(copy)).length;

/** Fetches the deck's copy and its media (kept in the cache); the copy is not saved yet. */
export async function fetchKept(
  userId: string,
  deckId: string,
  reason: 'chosen' | 'recent' = 'chosen',
): Promise<KeptDeck> {
  const copy = await api.get<OfflineCopy>(
    `/api/decks/${encodeURIComponent(deckId)}/study/offline?time_zone=${encodeURIComponent(timeZone())}`,
  );
  const kept = keptDeckFrom(userId, copy, reason);
  return { ...kept, bytes: copyBytes(copy) + (await keepMedia(kept.media)) };
}

/** Fetches the deck's copy and its media and keeps them (replacing an older copy). */
export async function keepDeck(
  userId: string,
  deckId: string,
  reason: 'chosen' | 'recent' = 'chosen',
): Promise<KeptDeck> {
  const kept = await fetchKept(userId, deckId, reason);
  await saveKept(kept);
  return kept;
}

/** Takes out of the media cache what no deck kept on the device (any user's) shows. */
export async function pruneMedia(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const shown = new Set(
    ((await (await db()).getAll(STORE)) as KeptDeck[]).flatMap((kept) =>
      kept.media.map((name) => new URL(mediaUrl(name), location.origin).href),
    ),
  );
  const cache = await caches.open(MEDIA_CACHE);
  for (const request of await cache.keys()) {
    if (!shown.has(request.url)) await cache.delete(request);
  }
}

export async function forgetDeck(userId: string, deckId: string): Promise<void> {
  await (await db()).delete(STORE, keptKey(userId, deckId));
  changed();
}
