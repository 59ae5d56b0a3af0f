import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, PostgresDialect, sql } from 'kysely';
import { preparingPool } from './pg-prepared';
import { QueuedSqliteDialect } from './sqlite-driver';
import { logStatement } from './statement-count';
import { startCheckpointer } from './checkpointer';
import pg from 'pg';
import type { Config } from '../config';

/** How often the checkpoint thread copies the write-ahead log into the database file. */
const CHECKPOINT_INTERVAL_MS = 1000;

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
  /** 'fsrs' (the default) or 'sm2'. */
  scheduler: Generated<'fsrs' | 'sm2'>;
  desired_retention: Generated<number>;
  maximum_interval_days: Generated<number>;
  /** Personal FSRS parameters as a JSON array, null for FSRS's defaults. */
  fsrs_weights: string | null;
  /** The last tuning run as JSON (status, metrics before and after), null when never run. */
  fsrs_tuning: string | null;
  /** 0 or 1: after an answer, bury the card's siblings of that kind until the next study day. */
  bury_new_siblings: Generated<number>;
  bury_review_siblings: Generated<number>;
  bury_interday_learning_siblings: Generated<number>;
  /** Lapses that make a card a leech (Anki's 8), and what then happens to it. */
  leech_threshold: Generated<number>;
  leech_action: Generated<'suspend' | 'tag'>;
}

export interface FlashcardTable {
  id: string;
  user_id: string;
  deck_id: string;
  card_type: 'qa' | 'cloze';
  front_content: string;
  back_content: string | null;
  source_job_id: string | null;
  /** The passage of the source a generated card comes from. */
  source_quote: string | null;
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
  stability: number | null;
  difficulty: number | null;
  lapses: Generated<number>;
  reps: Generated<number>;
  scheduled_days: Generated<number>;
  elapsed_days: Generated<number>;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  fsrs_state: Generated<number>;
  /** Out of every queue until this instant (the start of a later study day); null if not buried. */
  buried_until: Timestamp | null;
  /** 0 or 1: lapsed `leech_threshold` times. */
  is_leech: Generated<number>;
  /** A suspended card's state before it was suspended (it goes back to it). */
  suspended_from: 'new' | 'learning' | 'review' | null;
  /** Cards of one cloze note share it; null for a card that is its own note. */
  note_id: string | null;
  /** The cloze deletion this card asks (c2 → 2); null for Q&A cards. */
  cloze_number: number | null;
  /** Tags separated by single spaces, '' for none (src/core/tags.ts). */
  tags: Generated<string>;
  /** Issue 12: the Anki note GUID and card ordinal an imported card came from (else null). */
  anki_guid: Generated<string | null>;
  anki_ord: Generated<number | null>;
}

export interface UserPreferencesTable {
  user_id: string;
  /** The scheduler of the user's new decks: 'sm2' (the spec's) or 'fsrs'. */
  default_scheduler: 'fsrs' | 'sm2';
  updated_at: Timestamp;
}

export type SessionType = 'mixed' | 'new_only' | 'review_only';
export type ReviewResponse = 'again' | 'hard' | 'good' | 'easy';

export interface LearningSessionTable {
  id: string;
  user_id: string;
  deck_id: string;
  session_type: SessionType;
  time_zone: string;
  started_at: Timestamp;
  last_activity_at: Timestamp;
  completed_at: Timestamp | null;
  duration_seconds: number | null;
  is_completed: number;
  /** 1 when the server completed an abandoned session (counted as abandoned in statistics). */
  auto_completed: number;
  cards_studied: number;
  again_count: number;
  hard_count: number;
  good_count: number;
  easy_count: number;
}

export interface CardReviewTable {
  id: string;
  /** The id the browser made for this answer: sending it twice records it once. */
  client_review_id: string;
  user_id: string;
  card_id: string;
  deck_id: string;
  session_id: string;
  user_response: ReviewResponse;
  response_time_seconds: number;
  previous_interval_days: number;
  previous_ease_factor: number;
  previous_card_state: FlashcardTable['card_state'];
  /** The card's scheduling fields before this review, as JSON, for undo. */
  previous_card: string;
  new_interval_days: number;
  new_ease_factor: number;
  new_card_state: FlashcardTable['card_state'];
  new_due_date: Timestamp;
  reviewed_at: Timestamp;
  undone_at: Timestamp | null;
}

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface GenerationJobTable {
  id: string;
  user_id: string;
  deck_id: string;
  input_type: 'text' | 'url' | 'file';
  source_content: string | null;
  source_url: string | null;
  source_file_path: string | null;
  source_title: string | null;
  generation_strategy: 'key_concepts' | 'standard' | 'detailed';
  /** JSON array of 'qa' and 'cloze'. */
  requested_card_types: string;
  status: JobStatus;
  error_message: string | null;
  /** JSON array of the content check's warnings. */
  warnings: string | null;
  cards_created: Generated<number>;
  /** How many times a worker has taken the job (a lease that expires counts too). */
  attempts: Generated<number>;
  /** The part being worked on, parts done and parts in all ('part 2 of 3'; migration 0019). */
  current_part: Generated<number>;
  parts_done: Generated<number>;
  parts_total: Generated<number>;
  /** JSON list of the parts whose answer could not be read (Retry asks only those again). */
  failed_parts: string | null;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An Anki import running in the background (issue 12). */
export interface ImportJobTable {
  id: string;
  user_id: string;
  status: JobStatus;
  /** What the job does now ('Reading the package', 'Converting notes', 'Writing cards'). */
  phase: string | null;
  done: Generated<number>;
  total: Generated<number>;
  /** The deck receiving every card, or null with keep_decks. */
  deck_id: string | null;
  keep_decks: Generated<number>;
  file_name: string;
  /** The uploader's zone (IANA): the package's due days are counted in it (migration 0016). */
  time_zone: Generated<string>;
  /** The stored upload ({userId}/imports/{jobId}.apkg), null once removed. */
  upload_path: string | null;
  /** JSON AnkiImportSummary once completed. */
  summary: string | null;
  error_code: string | null;
  error_message: string | null;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An API token of a user (issue 14): only its hash is stored. */
/** A code sent by SMS (issue 14: the hourly limit per number). */
export interface SmsSendTable {
  id: string;
  phone_number: string;
  /** The account the code was sent for (null before migration 0013). */
  user_id: string | null;
  sent_at: Timestamp;
}

export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A user's own AI model (Settings → AI); the key sealed with the server's secret. */
export interface UserAiSettingsTable {
  user_id: string;
  provider: string;
  model: string;
  key_sealed: string;
  key_hint: string;
  updated_at: Timestamp;
}

/** The user whose Anki package export is being built, and by whom (one at a time per user). */
export interface ExportLeaseTable {
  user_id: string;
  holder: string;
  expires_at: Timestamp;
}

/** The typed map of Mnemo's own tables (better-auth manages its tables itself). */
export interface Database {
  decks: DeckTable;
  flashcards: FlashcardTable;
  learning_sessions: LearningSessionTable;
  card_reviews: CardReviewTable;
  generation_jobs: GenerationJobTable;
  import_jobs: ImportJobTable;
  user_preferences: UserPreferencesTable;
  api_tokens: ApiTokenTable;
  sms_sends: SmsSendTable;
  user_ai_settings: UserAiSettingsTable;
  media_names: MediaNameTable;
  export_leases: ExportLeaseTable;
}

/** The name a stored media file had in the Anki package it came from (migration 0020). */
export interface MediaNameTable {
  user_id: string;
  /** `<sha256>.<ext>`, as stored under `{userId}/media/`. */
  stored_name: string;
  original_name: string;
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

export function createDb(
  config: Config['database'],
  options: { countStatements?: boolean } = {},
): Db {
  const log = options.countStatements ? logStatement : undefined;
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      log,
    });
    return { kysely, kind: 'postgres', close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const database = new SQLite(config.file);
  database.pragma('journal_mode = WAL');
  // Committed answers survive a crash of the process; see checkpointer.ts for a power loss.
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  // Checkpoints run in a thread of their own; this one only if that thread fell far behind.
  database.pragma('wal_autocheckpoint = 100000');
  const checkpointer =
    config.file === ':memory:' ? undefined : startCheckpointer(config.file, CHECKPOINT_INTERVAL_MS);
  const kysely = new Kysely<Database>({ dialect: new QueuedSqliteDialect(database), log });
  return {
    kysely,
    kind: 'sqlite',
    close: async () => {
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
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
