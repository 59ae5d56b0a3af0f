import { DEFAULT_KEEP_SETTINGS, type KeepSettings, keepSettingsFrom } from './keep-plan';

/**
 * Settings → Offline, per user and per device (the space is this device's): in localStorage,
 * with listeners (the settings section and the keeper hear a change).
 */
const key = (userId: string) => `mnemo-offline-settings:${userId}`;
const listeners = new Set<() => void>();

export function keepSettings(userId: string): KeepSettings {
  try {
    const stored = localStorage.getItem(key(userId));
    return stored ? keepSettingsFrom(JSON.parse(stored)) : DEFAULT_KEEP_SETTINGS;
  } catch {
    return DEFAULT_KEEP_SETTINGS;
  }
}

export function saveKeepSettings(userId: string, change: Partial<KeepSettings>): KeepSettings {
  const next = { ...keepSettings(userId), ...change };
  try {
    localStorage.setItem(key(userId), JSON.stringify(next));
  } catch {
    // Storage refused (a private window): the setting lasts for this page only.
  }
  for (const listener of listeners) listener();
  return next;
}

/** A recently studied deck switched off (or on again) on its page. */
export function setExcluded(userId: string, deckId: string, excluded: boolean): void {
  const { excluded: before } = keepSettings(userId);
  if (before.includes(deckId) === excluded) return;
  const others = before.filter((id) => id !== deckId);
  saveKeepSettings(userId, { excluded: excluded ? [...others, deckId] : others });
}

export function onKeepSettingsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const syncedKey = (userId: string) => `mnemo-offline-synced:${userId}`;

/** When the kept decks were last brought up to date (a whole sync that reached the server). */
export function lastSynced(userId: string): string | null {
  try {
    return localStorage.getItem(syncedKey(userId));
  } catch {
    return null;
  }
}

export function markSynced(userId: string, at: Date): void {
  try {
    localStorage.setItem(syncedKey(userId), at.toISOString());
  } catch {
    // Storage refused: nothing to show.
  }
}

const studiedListeners = new Set<() => void>();

/** A session was completed online: the deck is now one studied recently (the keeper keeps it). */
export function studiedOnline(): void {
  for (const listener of studiedListeners) listener();
}

export function onStudiedOnline(listener: () => void): () => void {
  studiedListeners.add(listener);
  return () => studiedListeners.delete(listener);
}
