/**
 * Which decks a device keeps for offline study (issue 24), as pure rules: the decks the user
 * chose ('Available offline') are always kept; the decks studied in the last days are kept by
 * default, most recently studied first, while they fit in the device's size budget (Settings →
 * Offline). The IndexedDB side is offline-store.ts, the loop over the decks keep-decks.ts.
 */
export const RECENT_DAYS = 7;
export const DEFAULT_BUDGET_MB = 50;
export const BUDGET_MAX_MB = 10_000;
const MB = 1024 * 1024;

export interface KeepSettings {
  /** Keep the decks studied in the last RECENT_DAYS days without being asked. */
  keepRecent: boolean;
  /** Space the recently studied decks may take (with the chosen ones), in MB; 0 keeps none. */
  budgetMb: number;
  /** Recently studied decks the user switched off: not kept again until switched on. */
  excluded: string[];
}

export const DEFAULT_KEEP_SETTINGS: KeepSettings = {
  keepRecent: true,
  budgetMb: DEFAULT_BUDGET_MB,
  excluded: [],
};

export const budgetBytes = (settings: KeepSettings) => settings.budgetMb * MB;

/** A budget typed in Settings: a whole number of MB from 0 to BUDGET_MAX_MB, else null. */
export function parseBudget(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= BUDGET_MAX_MB ? value : null;
}

/** Settings read back from storage: anything missing or malformed takes its default. */
export function keepSettingsFrom(value: unknown): KeepSettings {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Partial<KeepSettings>;
  const budget = typeof raw.budgetMb === 'number' ? parseBudget(String(raw.budgetMb)) : null;
  return {
    keepRecent: typeof raw.keepRecent === 'boolean' ? raw.keepRecent : true,
    budgetMb: budget ?? DEFAULT_BUDGET_MB,
    excluded: Array.isArray(raw.excluded)
      ? raw.excluded.filter((id): id is string => typeof id === 'string')
      : [],
  };
}

/** The decks studied in the last RECENT_DAYS days (not switched off), latest first. */
export function recentDeckIds(
  decks: { id: string; last_studied_at: string | null }[],
  settings: KeepSettings,
  now: Date,
): string[] {
  if (!settings.keepRecent || settings.budgetMb === 0) return [];
  const since = now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000;
  return decks
    .filter((deck) => deck.last_studied_at && new Date(deck.last_studied_at).getTime() >= since)
    .filter((deck) => !settings.excluded.includes(deck.id))
    .sort((a, b) => (b.last_studied_at ?? '').localeCompare(a.last_studied_at ?? ''))
    .map((deck) => deck.id);
}

/**
 * Whether one more recently studied deck of `bytes` fits, with `used` bytes already kept (the
 * chosen decks count against the budget too, but are never dropped for it).
 */
export const fits = (used: number, bytes: number, settings: KeepSettings) =>
  used + bytes <= budgetBytes(settings);
