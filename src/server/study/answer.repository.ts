/**
 * The answer path's queries (issue 13): one read of everything the rules need, and the writes.
 * On PostgreSQL the writes are one statement (data-modifying CTEs), so an answer costs BEGIN,
 * the read, the write and COMMIT; on SQLite, which has no such CTEs, they are four statements
 * run back to back on prepared statements (no round trips there).
 */
import {
  type Insertable,
  type Kysely,
  type QueryCreator,
  type Selectable,
  sql,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { ReviewResponse } from '../../core/study-schemas';
import type {
  CardReviewTable,
  Database,
  DeckTable,
  FlashcardTable,
  LearningSessionTable,
} from '../db/database';
import { isPostgres } from '../db/engine';
import { insertRow, preparedQuery, updateRow } from '../db/prepared';

type SessionRow = Selectable<LearningSessionTable>;
type CardRow = Selectable<FlashcardTable>;

const SESSION_COLUMNS = [
  'id',
  'user_id',
  'deck_id',
  'session_type',
  'time_zone',
  'started_at',
  'last_activity_at',
  'completed_at',
  'duration_seconds',
  'is_completed',
  'auto_completed',
  'cards_studied',
  'again_count',
  'hard_count',
  'good_count',
  'easy_count',
] as const satisfies readonly (keyof LearningSessionTable)[];

/** The deck's settings an answer reads (scheduler, leeches, burying siblings). */
export const ANSWER_DECK_COLUMNS = [
  'scheduler',
  'desired_retention',
  'maximum_interval_days',
  'fsrs_weights',
  'bury_new_siblings',
  'bury_review_siblings',
  'bury_interday_learning_siblings',
  'leech_threshold',
  'leech_action',
] as const satisfies readonly (keyof DeckTable)[];

export type AnswerDeck = Pick<Selectable<DeckTable>, (typeof ANSWER_DECK_COLUMNS)[number]>;

export interface AnswerContext {
  session: SessionRow;
  deck: AnswerDeck;
  card: CardRow;
}

const columnList = (columns: readonly string[]) => columns.map((name) => `"${name}"`).join(', ');
const cardOf = preparedQuery<CardRow>(
  'select * from "flashcards" where "user_id" = ? and "id" = ?',
);
const sessionOf = preparedQuery<SessionRow>(
  `select ${columnList(SESSION_COLUMNS)} from "learning_sessions" where "user_id" = ? and "id" = ?`,
);
const deckOf = preparedQuery<AnswerDeck>(
  `select ${columnList(ANSWER_DECK_COLUMNS)} from "decks" where "user_id" = ? and "id" = ?`,
);

/**
 * SQLite: the card, the session and the deck by their keys, three prepared point reads. One
 * join of the three reads the same rows but costs several times as much in SQLite (measured:
 * ~85 µs against ~15 µs for the three), and in-process there is no round trip to save.
 */
async function findAnswerContextByKeys(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  cardId: string,
): Promise<AnswerContext | undefined> {
  const [card] = await cardOf(db, [userId, cardId]);
  if (!card) return undefined;
  const [session] = await sessionOf(db, [userId, sessionId]);
  if (!session || session.deck_id !== card.deck_id) return undefined;
  const [deck] = await deckOf(db, [userId, card.deck_id]);
  return deck && { session, deck, card };
}

/**
 * The session, its deck and the card (of that deck), the user's own; on PostgreSQL in one
 * query (one round trip) that locks the card's row until the answer commits, so two answers to one card
 * (two tabs) are applied one after the other. Undefined when any of the three is missing.
 */
export async function findAnswerContext(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  cardId: string,
): Promise<AnswerContext | undefined> {
  if (!isPostgres(db)) return findAnswerContextByKeys(db, userId, sessionId, cardId);
  const query = db
    .selectFrom('flashcards as c')
    .innerJoin('learning_sessions as s', (join) =>
      join
        .onRef('s.deck_id', '=', 'c.deck_id')
        .on('s.id', '=', sessionId)
        .on('s.user_id', '=', userId),
    )
    .innerJoin('decks as d', (join) =>
      join.onRef('d.id', '=', 'c.deck_id').on('d.user_id', '=', userId),
    )
    .selectAll('c')
    .select(SESSION_COLUMNS.map((column) => sql.ref(`s.${column}`).as(`s__${column}`)))
    .select(ANSWER_DECK_COLUMNS.map((column) => sql.ref(`d.${column}`).as(`d__${column}`)))
    .where('c.user_id', '=', userId)
    .where('c.id', '=', cardId)
    .forUpdate('c');
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const session: Record<string, unknown> = {};
  const deck: Record<string, unknown> = {};
  const card: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('s__')) session[key.slice(3)] = value;
    else if (key.startsWith('d__')) deck[key.slice(3)] = value;
    else card[key] = value;
  }
  return {
    session: session as SessionRow,
    deck: deck as AnswerDeck,
    card: card as CardRow,
  };
}

export interface AnswerWrites {
  userId: string;
  review: Insertable<CardReviewTable>;
  card: Updateable<FlashcardTable>;
  response: ReviewResponse;
  at: string;
}

/**
 * Records the answer: the review row (the client's id unique per user: a copy already recorded
 * inserts nothing), and only when it went in, the card, the session's counters and the deck's
 * last studied. Answers false when the answer was recorded before.
 */
export async function writeAnswer(db: Kysely<Database>, writes: AnswerWrites): Promise<boolean> {
  const { userId, review, card, response, at } = writes;
  const counter = `${response}_count` as const;
  const insert = (trx: QueryCreator<Database>) =>
    trx
      .insertInto('card_reviews')
      .values(review)
      .onConflict((conflict) => conflict.columns(['user_id', 'client_review_id']).doNothing())
      .returning('id');
  const updateCard = (trx: QueryCreator<Database>) =>
    trx
      .updateTable('flashcards')
      .set(card)
      .where('user_id', '=', userId)
      .where('id', '=', review.card_id);
  const updateSession = (trx: QueryCreator<Database>) =>
    trx
      .updateTable('learning_sessions')
      .set((eb) => ({
        cards_studied: eb('cards_studied', '+', 1),
        [counter]: eb(counter, '+', 1),
        last_activity_at: at,
      }))
      .where('user_id', '=', userId)
      .where('id', '=', review.session_id);
  const updateDeck = (trx: QueryCreator<Database>) =>
    trx
      .updateTable('decks')
      .set({ last_studied_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', review.deck_id);

  if (isPostgres(db)) {
    const inserted = sql<SqlBool>`exists (select 1 from r)`;
    const row = await db
      .with('r', insert)
      .with('c', () => updateCard(db).where(inserted))
      .with('s', () => updateSession(db).where(inserted))
      .with('d', () => updateDeck(db).where(inserted))
      .selectFrom('r')
      .select('id')
      .executeTakeFirst();
    return row !== undefined;
  }
  // SQLite: the same four statements, written without Kysely's building (a third of their cost).
  const [row] = await insertRow(
    db,
    'card_reviews',
    review,
    'on conflict ("user_id", "client_review_id") do nothing returning "id"',
  );
  if (!row) return false;
  await updateRow(db, 'flashcards', card, { user_id: userId, id: review.card_id });
  await sessionCounted[response](db, [at, userId, review.session_id]);
  await updateRow(db, 'decks', { last_studied_at: at }, { user_id: userId, id: review.deck_id });
  return true;
}

/** The session's counters after an answer, one statement per response. */
const sessionCounted = Object.fromEntries(
  (['again', 'hard', 'good', 'easy'] as const).map((response) => [
    response,
    preparedQuery(
      `update "learning_sessions" set "cards_studied" = "cards_studied" + 1, ` +
        `"${response}_count" = "${response}_count" + 1, "last_activity_at" = ? ` +
        'where "user_id" = ? and "id" = ?',
    ),
  ]),
) as Record<ReviewResponse, ReturnType<typeof preparedQuery>>;
