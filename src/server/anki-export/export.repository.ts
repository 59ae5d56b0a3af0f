import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** The user's decks to export (one, or all), with their cards and their answers (not undone). */
export async function findExportData(db: Kysely<Database>, userId: string, deckId?: string) {
  let decks = db
    .selectFrom('decks')
    .select([
      'id',
      'name',
      'description',
      'new_cards_per_day',
      'max_reviews_per_day',
      'desired_retention',
      'maximum_interval_days',
      'leech_threshold',
      'leech_action',
      'bury_new_siblings',
      'bury_review_siblings',
    ])
    .where('user_id', '=', userId);
  if (deckId !== undefined) decks = decks.where('id', '=', deckId);
  const deckRows = await decks.orderBy('created_at').orderBy('id').execute();
  const ids = deckRows.map((deck) => deck.id);
  if (ids.length === 0) return { decks: deckRows, cards: [], reviews: [] };
  const cards = await db
    .selectFrom('flashcards')
    .select([
      'id',
      'deck_id',
      'card_type',
      'front_content',
      'back_content',
      'tags',
      'note_id',
      'cloze_number',
      'card_state',
      'suspended_from',
      'buried_until',
      'due_date',
      'interval_days',
      'ease_factor',
      'lapses',
      'reps',
      'review_count',
      'stability',
      'difficulty',
      'fsrs_state',
      'learning_step',
      'is_leech',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .where('deck_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const reviews = await db
    .selectFrom('card_reviews')
    .select([
      'card_id',
      'user_response',
      'response_time_seconds',
      'previous_interval_days',
      'previous_card_state',
      'new_interval_days',
      'new_ease_factor',
      'new_due_date',
      'reviewed_at',
      'previous_card',
    ])
    .where('user_id', '=', userId)
    .where('deck_id', 'in', ids)
    .where('undone_at', 'is', null)
    .orderBy('reviewed_at')
    .execute();
  return { decks: deckRows, cards, reviews };
}
