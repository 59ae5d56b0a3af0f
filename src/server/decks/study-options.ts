import type { Selectable } from 'kysely';
import type { Deck } from '../../core/deck-schemas';
import type { DeckTable } from '../db/database';

type StudyOptions = Pick<
  Deck,
  | 'bury_new_siblings'
  | 'bury_review_siblings'
  | 'bury_interday_learning_siblings'
  | 'leech_threshold'
  | 'leech_action'
>;

/** A deck's burying and leech options as the API returns them. */
export function studyOptionsOf(row: Selectable<DeckTable>): StudyOptions {
  return {
    bury_new_siblings: Boolean(Number(row.bury_new_siblings)),
    bury_review_siblings: Boolean(Number(row.bury_review_siblings)),
    bury_interday_learning_siblings: Boolean(Number(row.bury_interday_learning_siblings)),
    leech_threshold: Number(row.leech_threshold),
    leech_action: row.leech_action,
  };
}

/** The same options as columns (a duplicated deck keeps them). */
export function studyOptionsRow(deck: StudyOptions) {
  return {
    bury_new_siblings: Number(deck.bury_new_siblings),
    bury_review_siblings: Number(deck.bury_review_siblings),
    bury_interday_learning_siblings: Number(deck.bury_interday_learning_siblings),
    leech_threshold: deck.leech_threshold,
    leech_action: deck.leech_action,
  };
}
