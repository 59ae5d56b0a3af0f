import { type IDBPDatabase, openDB } from 'idb';
import type { SyncTally } from './answer-store';

/**
 * What the service worker's background sync merged while no page of the app was open (issue
 * 24), kept in IndexedDB ('mnemo-sync-notices') until the app next opens and says it, once
 * (features/offline/offline-keeper.tsx). A database of its own: bumping the version of 'mnemo'
 * would wait on every tab still holding it open, and with it the answers being kept.
 * Where IndexedDB is refused (Node, some private windows) the notices wait in memory.
 */
const STORE = 'notices';
let database: Promise<IDBPDatabase> | undefined;
let memoryFallback: SyncTally[] | undefined;

function db(): Promise<IDBPDatabase> {
  database ??= openDB('mnemo-sync-notices', 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore(STORE, { autoIncrement: true });
    },
  });
  return database;
}

const merged = (tally: SyncTally) => tally.recorded + tally.deleted + tally.refused;

/** Keeps what a sync merged (nothing when it merged nothing). */
export async function keepNotice(tally: SyncTally): Promise<void> {
  if (merged(tally) === 0) return;
  if (!memoryFallback) {
    try {
      await (await db()).add(STORE, tally);
      return;
    } catch {
      memoryFallback = [];
    }
  }
  memoryFallback.push(tally);
}

/** Everything merged since the app was last open, summed, and forgotten: said once. */
export async function takeNotices(): Promise<SyncTally | null> {
  let tallies: SyncTally[];
  if (memoryFallback) {
    tallies = memoryFallback;
    memoryFallback = [];
  } else {
    try {
      const transaction = (await db()).transaction(STORE, 'readwrite');
      tallies = (await transaction.store.getAll()) as SyncTally[];
      await transaction.store.clear();
      await transaction.done;
    } catch {
      return null;
    }
  }
  const sum = tallies.reduce(
    (total, tally) => ({
      recorded: total.recorded + tally.recorded,
      deleted: total.deleted + tally.deleted,
      refused: total.refused + tally.refused,
    }),
    { recorded: 0, deleted: 0, refused: 0 },
  );
  return merged(sum) > 0 ? sum : null;
}
