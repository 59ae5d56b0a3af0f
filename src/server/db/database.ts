import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';

/** Timestamps are ISO-8601 strings in UTC everywhere above the data layer. */
export type Timestamp = string;

export interface DeckTable {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  card_count: number;
  new_cards_per_day: number;
  max_reviews_per_day: number;
  last_studied_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FlashcardTable {
  id: string;
  user_id: string;
  deck_id: string;
  card_type: 'qa' | 'cloze';
  front_content: string;
  back_content: string | null;
  source_job_id: string | null;
  /** 0 or 1 on both databases. */
  is_edited: number;
  card_state: 'new' | 'learning' | 'review' | 'suspended';
  due_date: Timestamp;
  interval_days: number;
  ease_factor: number;
  review_count: number;
  learning_step: number;
  last_reviewed_at: Timestamp | null;
  average_response_time: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The typed map of Mnemo's own tables (better-auth manages its tables itself). */
export interface Database {
  decks: DeckTable;
  flashcards: FlashcardTable;
}

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

// pg returns bigint and numeric as strings: read them as numbers (counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export function createDb(config: Config['database']): Db {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, kind: 'postgres', close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const database = new SQLite(config.file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, kind: 'sqlite', close: () => kysely.destroy() };
}

/** True when the database answers a trivial query. */
export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
