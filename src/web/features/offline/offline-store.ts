import { type IDBPDatabase, openDB } from 'idb';
import { mediaUrl } from '../../../core/card-content/media';
import type { OfflineCopy } from '../../../core/offline-schemas';
import { api, isApiError } from '../../lib/api-client';
import { timeZone } from '../../lib/time-zone';
import { type KeptDeck, keptDeckFrom, keptKey } from './offline-deck';

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

async function keepMedia(names: string[]) {
  if (names.length === 0 || typeof caches === 'undefined') return;
  const cache = await caches.open(MEDIA_CACHE);
  for (const name of names) {
    const url = mediaUrl(name);
    if (await cache.match(url)) continue; // content-addressed: a name never changes its bytes
    const response = await fetch(url, { credentials: 'same-origin' });
    if (response.ok) await cache.put(url, response);
  }
}

/** Fetches the deck's copy and its media and keeps them (replacing an older copy). */
export async function keepDeck(userId: string, deckId: string): Promise<KeptDeck> {
  const copy = await api.get<OfflineCopy>(
    `/api/decks/${encodeURIComponent(deckId)}/study/offline?time_zone=${encodeURIComponent(timeZone())}`,
  );
  const kept = keptDeckFrom(userId, copy);
  await keepMedia(kept.media);
  await saveKept(kept);
  return kept;
}

export async function forgetDeck(userId: string, deckId: string): Promise<void> {
  await (await db()).delete(STORE, keptKey(userId, deckId));
  changed();
}

/**
 * Brings every kept deck of the user up to date (when the app is online and opened, after the
 * answers waiting were sent); a deck deleted elsewhere is no longer kept.
 */
export async function refreshKeptDecks(userId: string): Promise<void> {
  for (const kept of await keptDecks(userId)) {
    try {
      await keepDeck(userId, kept.deckId);
    } catch (error) {
      if (isApiError(error) && error.status === 404) await forgetDeck(userId, kept.deckId);
      else if (!isApiError(error) || error.status === 0) return; // offline again
    }
  }
}
