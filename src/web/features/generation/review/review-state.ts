import type { Flashcard } from '../../../../core/flashcard-schemas';
import { clozeNumbers } from '../../../../core/card-content/cloze';
import { pluralise } from '../../../../core/text';

/**
 * 'Review new cards' of one generation job, as pure state: the job's cards as they were when
 * the review began (minus the ones deleted since), the card being looked at, what was kept,
 * deleted or edited, and whether the summary shows. Every card stays in the deck unless the
 * user deletes it: keeping only moves on.
 */
export interface ReviewState {
  cards: Flashcard[];
  /** The card shown: an index into `cards`. */
  index: number;
  /** Cards kept with Keep (Enter or →); every card not deleted stays in the deck anyway. */
  kept: string[];
  /** Cards whose delete request is on its way (a second x on them does nothing). */
  deleting: string[];
  deleted: number;
  edited: string[];
  finished: boolean;
}

export type ReviewAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'keep' }
  | { type: 'keepAll' }
  | { type: 'deleteStarted'; id: string }
  | { type: 'deleteFailed'; id: string }
  | { type: 'deleted'; id: string }
  | { type: 'restored'; cards: { card: Flashcard; at: number }[]; index: number }
  | { type: 'edited'; card: Flashcard };

export function startReview(cards: Flashcard[]): ReviewState {
  return {
    cards,
    index: 0,
    kept: [],
    deleting: [],
    deleted: 0,
    edited: [],
    finished: cards.length === 0,
  };
}

const withId = (ids: string[], id: string) => (ids.includes(id) ? ids : [...ids, id]);
const withoutId = (ids: string[], id: string) => ids.filter((item) => item !== id);

/** Moves on from the card shown; past the last card the summary shows. */
function advance(state: ReviewState): ReviewState {
  if (state.finished) return state;
  if (state.index + 1 >= state.cards.length) return { ...state, finished: true };
  return { ...state, index: state.index + 1 };
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  const current = currentCard(state);
  switch (action.type) {
    case 'next':
      return advance(state);
    case 'previous':
      // From the summary, back to the last card (unless none is left).
      if (state.finished) {
        return state.cards.length > 0
          ? { ...state, finished: false, index: state.cards.length - 1 }
          : state;
      }
      return { ...state, index: Math.max(0, state.index - 1) };
    case 'keep':
      return current ? advance({ ...state, kept: withId(state.kept, current.id) }) : state;
    case 'keepAll':
      return { ...state, finished: true };
    case 'deleteStarted':
      return { ...state, deleting: withId(state.deleting, action.id) };
    case 'deleteFailed':
      return { ...state, deleting: withoutId(state.deleting, action.id) };
    case 'deleted':
      return removeCard(state, action.id);
    case 'restored':
      return restoreCards(state, action.cards, action.index);
    case 'edited':
      return withEdit(state, action.card);
  }
}

/** An undone delete: the cards go back where they were, and the first of them is shown. */
function restoreCards(
  state: ReviewState,
  restored: { card: Flashcard; at: number }[],
  index: number,
): ReviewState {
  const cards = [...state.cards];
  const back = [...restored].sort((a, b) => a.at - b.at);
  for (const { card, at } of back) {
    if (!cards.some((item) => item.id === card.id))
      cards.splice(Math.min(at, cards.length), 0, card);
  }
  return {
    ...state,
    cards,
    index: Math.min(index, cards.length - 1),
    finished: false,
    deleted: Math.max(0, state.deleted - back.length),
  };
}

/**
 * An edited card replaces the old one; editing a cloze card edits its note, so its siblings
 * show the new text, and those whose number the edit removed (confirmed) leave the list.
 */
function withEdit(state: ReviewState, saved: Flashcard): ReviewState {
  const noteId = state.cards.find((card) => card.id === saved.id)?.note_id ?? saved.note_id;
  const sibling = (card: Flashcard) =>
    noteId !== null && card.id !== saved.id && card.note_id === noteId;
  const numbers = saved.card_type === 'cloze' ? clozeNumbers(saved.front_content) : [];
  const gone = state.cards.filter(
    (card) => sibling(card) && !numbers.includes(card.cloze_number ?? 0),
  );
  const edited: ReviewState = {
    ...state,
    cards: state.cards.map((card) =>
      card.id === saved.id
        ? saved
        : sibling(card)
          ? {
              ...card,
              card_type: saved.card_type,
              front_content: saved.front_content,
              back_content: saved.back_content,
            }
          : card,
    ),
    edited: withId(state.edited, saved.id),
  };
  return gone.reduce((next, card) => removeCard(next, card.id), edited);
}

/** A deleted card leaves the list; the same card stays in view unless it was the one deleted. */
function removeCard(state: ReviewState, id: string): ReviewState {
  const at = state.cards.findIndex((card) => card.id === id);
  const deleting = withoutId(state.deleting, id);
  if (at < 0) return { ...state, deleting };
  const cards = state.cards.filter((card) => card.id !== id);
  const base = {
    ...state,
    cards,
    deleting,
    kept: withoutId(state.kept, id),
    edited: withoutId(state.edited, id),
    deleted: state.deleted + 1,
  };
  if (at < state.index) return { ...base, index: state.index - 1 };
  // The card shown (or a later one) went: the next card takes its place; none left ends.
  if (state.index >= cards.length) {
    return { ...base, index: Math.max(0, cards.length - 1), finished: true };
  }
  return base;
}

export function currentCard(state: ReviewState): Flashcard | undefined {
  return state.finished ? undefined : state.cards[state.index];
}

/** Share of the review behind the user, in percent (100 on the summary). */
export function reviewPercent(state: ReviewState): number {
  if (state.finished || state.cards.length === 0) return 100;
  return Math.round((state.index / state.cards.length) * 100);
}

/** The summary line: '11 cards kept, 1 deleted' (every card not deleted is in the deck). */
export function reviewSummary(state: ReviewState): string {
  return `${pluralise(state.cards.length, 'card')} kept, ${state.deleted} deleted`;
}
