/**
 * A package's deck descriptions and options (issue 20, 7), for the decks an import creates:
 * where Mnemo has a place for them (decks' description, daily limits, desired retention, maximum
 * interval, leech threshold and action, burying siblings). Schema 11 keeps them as JSON in `col`
 * (`decks[id].desc`, `.conf` → `dconf[conf]`); schema 18 in protobuf (decks.kind = Normal{
 * config_id 1, description 4 }; deck_config.config = DeckConfig.Config{ new_per_day 9,
 * reviews_per_day 10, maximum_review_interval 16, leech_action 21, leech_threshold 22,
 * bury_new 27, bury_reviews 28, desired_retention 37 }: proto/anki/decks.proto,
 * deck_config.proto). Values Mnemo cannot hold are left at its defaults.
 */
import type Database from 'better-sqlite3';
import { htmlToMarkdown } from '../../../core/anki/html-to-markdown';
import { DECK_DAILY_LIMIT_MAX, DECK_DESCRIPTION_MAX } from '../../../core/deck-schemas';
import { readMessage } from './protobuf';

export interface AnkiDeckSettings {
  description?: string;
  new_cards_per_day?: number;
  max_reviews_per_day?: number;
  desired_retention?: number;
  maximum_interval_days?: number;
  leech_threshold?: number;
  leech_action?: 'suspend' | 'tag';
  bury_new_siblings?: number;
  bury_review_siblings?: number;
}

interface RawOptions {
  newPerDay?: unknown;
  revPerDay?: unknown;
  maxIvl?: unknown;
  retention?: unknown;
  leechFails?: unknown;
  leechAction?: unknown;
  buryNew?: unknown;
  buryRev?: unknown;
}

const int = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;

function settingsOf(description: unknown, raw: RawOptions | undefined): AnkiDeckSettings {
  const settings: AnkiDeckSettings = {};
  if (typeof description === 'string' && description.trim()) {
    const text = htmlToMarkdown(description).trim().slice(0, DECK_DESCRIPTION_MAX);
    if (text) settings.description = text;
  }
  if (!raw) return settings;
  settings.new_cards_per_day = int(raw.newPerDay, 0, DECK_DAILY_LIMIT_MAX);
  settings.max_reviews_per_day = int(raw.revPerDay, 0, DECK_DAILY_LIMIT_MAX);
  settings.maximum_interval_days = int(raw.maxIvl, 1, 36_500);
  const retention = typeof raw.retention === 'number' ? Math.round(raw.retention * 100) / 100 : 0;
  if (retention >= 0.7 && retention <= 0.99) settings.desired_retention = retention;
  settings.leech_threshold = int(raw.leechFails, 1, 99);
  if (raw.leechAction === 0 || raw.leechAction === 1) {
    settings.leech_action = raw.leechAction === 0 ? 'suspend' : 'tag';
  }
  if (typeof raw.buryNew === 'boolean') settings.bury_new_siblings = raw.buryNew ? 1 : 0;
  if (typeof raw.buryRev === 'boolean') settings.bury_review_siblings = raw.buryRev ? 1 : 0;
  for (const key of Object.keys(settings) as (keyof AnkiDeckSettings)[]) {
    if (settings[key] === undefined) delete settings[key];
  }
  return settings;
}

interface LegacyDeck {
  id?: number | string;
  desc?: unknown;
  conf?: unknown;
  dyn?: unknown;
}
interface LegacyConf {
  new?: { perDay?: unknown; bury?: unknown };
  rev?: { perDay?: unknown; maxIvl?: unknown; bury?: unknown };
  lapse?: { leechFails?: unknown; leechAction?: unknown };
  desiredRetention?: unknown;
}

/** Schema 11: by deck id. */
export function legacyDeckSettings(
  decksJson: string,
  dconfJson: string,
): Map<string, AnkiDeckSettings> {
  const result = new Map<string, AnkiDeckSettings>();
  try {
    const decks = JSON.parse(decksJson) as Record<string, LegacyDeck>;
    const confs = (JSON.parse(dconfJson || '{}') ?? {}) as Record<string, LegacyConf>;
    for (const [key, deck] of Object.entries(decks)) {
      const conf = deck.dyn ? undefined : confs[String(deck.conf ?? 1)];
      result.set(
        String(deck.id ?? key),
        settingsOf(
          deck.desc,
          conf && {
            newPerDay: conf.new?.perDay,
            revPerDay: conf.rev?.perDay,
            maxIvl: conf.rev?.maxIvl,
            retention: conf.desiredRetention,
            leechFails: conf.lapse?.leechFails,
            leechAction: conf.lapse?.leechAction,
            buryNew: conf.new?.bury,
            buryRev: conf.rev?.bury,
          },
        ),
      );
    }
  } catch {
    // Unreadable settings: the decks get Mnemo's defaults.
  }
  return result;
}

/** Schema 18: by deck id. */
export function currentDeckSettings(db: Database.Database): Map<string, AnkiDeckSettings> {
  const result = new Map<string, AnkiDeckSettings>();
  const hasConfigs =
    db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'deck_config'")
      .get() !== undefined;
  const confs = new Map<number, RawOptions>();
  if (hasConfigs) {
    for (const row of db.prepare('select id, config from deck_config').all() as {
      id: number;
      config: Buffer;
    }[]) {
      const config = readMessage(row.config);
      if (!config) continue;
      confs.set(row.id, {
        newPerDay: config.varint(9) ?? 0,
        revPerDay: config.varint(10) ?? 0,
        maxIvl: config.varint(16),
        retention: config.float(37),
        leechAction: config.varint(21) ?? 0,
        leechFails: config.varint(22),
        buryNew: (config.varint(27) ?? 0) === 1,
        buryRev: (config.varint(28) ?? 0) === 1,
      });
    }
  }
  for (const row of db.prepare('select id, kind from decks').all() as {
    id: number;
    kind: Buffer | null;
  }[]) {
    const normal = row.kind ? readMessage(row.kind)?.bytes(1) : undefined;
    const deck = normal ? readMessage(normal) : null;
    if (!deck) continue;
    result.set(String(row.id), settingsOf(deck.string(4), confs.get(deck.varint(1) ?? 1)));
  }
  return result;
}
