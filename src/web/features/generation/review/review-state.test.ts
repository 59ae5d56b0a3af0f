import { describe, expect, it } from 'vitest';
import type { Flashcard } from '../../../../core/flashcard-schemas';
import {
  currentCard,
  type ReviewAction,
  reviewPercent,
  reviewReducer,
  type ReviewState,
  reviewSummary,
  startReview,
} from './review-state';

const card = (id: string, front = `Front of ${id}`): Flashcard => ({
  id,
  deck_id: 'deck',
  card_type: 'qa',
  front_content: front,
  back_content: `Back of ${id}`,
  source_job_id: 'job',
  source_quote: `Quote of ${id}`,
  is_edited: false,
  note_id: null,
  cloze_number: null,
  tags: [],
  card_state: 'new',
  due_date: '2026-01-01T00:00:00.000Z',
  interval_days: 0,
  ease_factor: 2.5,
  review_count: 0,
  learning_step: 0,
  last_reviewed_at: null,
  average_response_time: null,
  buried_until: null,
  is_leech: false,
  suspended_from: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const run = (state: ReviewState, ...actions: ReviewAction[]) =>
  actions.reduce(reviewReducer, state);
const shown = (state: ReviewState) => currentCard(state)?.id;
const three = () => startReview([card('a'), card('b'), card('c')]);

describe('review of a job’s new cards', () => {
  it('starts on the first card; a job without cards starts on the summary', () => {
    expect(shown(three())).toBe('a');
    expect(reviewPercent(three())).toBe(0);
    const empty = startReview([]);
    expect(empty.finished).toBe(true);
    expect(reviewSummary(empty)).toBe('0 cards kept, 0 deleted');
  });

  it('j and k move between cards and stop at the first one', () => {
    const state = run(three(), { type: 'next' }, { type: 'next' });
    expect(shown(state)).toBe('c');
    expect(reviewPercent(state)).toBe(67);
    expect(shown(run(state, { type: 'previous' }))).toBe('b');
    expect(shown(run(three(), { type: 'previous' }))).toBe('a');
  });

  it('keep marks the card kept and moves on; past the last card the summary shows', () => {
    const state = run(three(), { type: 'keep' }, { type: 'keep' }, { type: 'keep' });
    expect(state.kept).toEqual(['a', 'b', 'c']);
    expect(state.finished).toBe(true);
    expect(currentCard(state)).toBeUndefined();
    expect(reviewPercent(state)).toBe(100);
    expect(reviewSummary(state)).toBe('3 cards kept, 0 deleted');
    // k from the summary goes back to the last card.
    expect(shown(run(state, { type: 'previous' }))).toBe('c');
  });

  it('keep all ends the review with every card not deleted counted as kept', () => {
    const state = run(
      three(),
      { type: 'deleteStarted', id: 'a' },
      { type: 'deleted', id: 'a' },
      { type: 'keepAll' },
    );
    expect(state.finished).toBe(true);
    expect(reviewSummary(state)).toBe('2 cards kept, 1 deleted');
  });

  it('an undone delete puts the card back in its place, shown, and uncounted', () => {
    const b = card('b');
    const start = startReview([card('a'), b, card('c')]);
    const gone = run(start, { type: 'next' }, { type: 'deleted', id: 'b' });
    expect(gone.cards.map((item) => item.id)).toEqual(['a', 'c']);
    const back = run(gone, { type: 'restored', cards: [{ card: b, at: 1 }], index: 1 });
    expect(back.cards.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(shown(back)).toBe('b');
    expect(reviewSummary({ ...back, finished: true })).toBe('3 cards kept, 0 deleted');
    // Also from the summary the last delete ended in.
    const last = run(start, { type: 'keep' }, { type: 'keep' }, { type: 'deleted', id: 'c' });
    expect(last.finished).toBe(true);
    const again = run(last, { type: 'restored', cards: [{ card: card('c'), at: 2 }], index: 2 });
    expect(again.finished).toBe(false);
    expect(shown(again)).toBe('c');
  });

  it('deleting the card shown brings the next one into view', () => {
    const state = run(
      three(),
      { type: 'next' },
      { type: 'deleteStarted', id: 'b' },
      { type: 'deleted', id: 'b' },
    );
    expect(shown(state)).toBe('c');
    expect(state.deleting).toEqual([]);
    expect(state.cards.map((item) => item.id)).toEqual(['a', 'c']);
    expect(reviewSummary(state)).toBe('2 cards kept, 1 deleted');
  });

  it('a delete that lands after the user moved on keeps the card in view', () => {
    // x on 'a', then j twice before the server answered: 'c' stays shown.
    const state = run(
      three(),
      { type: 'deleteStarted', id: 'a' },
      { type: 'next' },
      { type: 'next' },
      { type: 'deleted', id: 'a' },
    );
    expect(shown(state)).toBe('c');
    expect(state.index).toBe(1);
  });

  it('deleting the last card ends the review; deleting every card says so', () => {
    const last = run(three(), { type: 'next' }, { type: 'next' }, { type: 'deleted', id: 'c' });
    expect(last.finished).toBe(true);
    expect(reviewSummary(last)).toBe('2 cards kept, 1 deleted');
    const all = run(
      startReview([card('a')]),
      { type: 'keep' },
      { type: 'previous' },
      { type: 'deleted', id: 'a' },
    );
    expect(all.finished).toBe(true);
    expect(all.kept).toEqual([]);
    expect(reviewSummary(all)).toBe('0 cards kept, 1 deleted');
    expect(run(all, { type: 'previous' }).finished).toBe(true);
  });

  it('a failed delete leaves the card in the review', () => {
    const state = run(
      three(),
      { type: 'deleteStarted', id: 'a' },
      { type: 'deleteFailed', id: 'a' },
    );
    expect(state.deleting).toEqual([]);
    expect(state.cards).toHaveLength(3);
    expect(state.deleted).toBe(0);
    // An answer for a card no longer in the review changes nothing but the pending list.
    expect(run(state, { type: 'deleted', id: 'zzz' }).deleted).toBe(0);
  });

  it('editing a cloze sibling edits its note; a removed number leaves the list', () => {
    const two = '{{c1::a}} {{c2::b}}';
    const sibling = (id: string, number: number, front = two): Flashcard => ({
      ...card(id, front),
      card_type: 'cloze',
      note_id: 'n1',
      cloze_number: number,
    });
    const start = startReview([sibling('n1', 1), sibling('s2', 2), card('q')]);
    const edited = run(start, { type: 'edited', card: sibling('n1', 1, '{{c1::a}} {{c2::B}}') });
    expect(edited.cards.map((c) => c.front_content)).toEqual([
      '{{c1::a}} {{c2::B}}',
      '{{c1::a}} {{c2::B}}',
      'Front of q',
    ]);
    expect(edited.deleted).toBe(0);
    const removed = run(start, { type: 'edited', card: sibling('n1', 1, '{{c1::a}} b') });
    expect(removed.cards.map((c) => c.id)).toEqual(['n1', 'q']);
    expect(removed.deleted).toBe(1);
  });

  it('an edited card replaces the old one in place', () => {
    const state = run(three(), { type: 'next' }, { type: 'edited', card: card('b', 'Better') });
    expect(currentCard(state)?.front_content).toBe('Better');
    expect(state.edited).toEqual(['b']);
    expect(state.index).toBe(1);
  });

  it('one card: 1 card kept', () => {
    expect(reviewSummary(run(startReview([card('a')]), { type: 'keep' }))).toBe(
      '1 card kept, 0 deleted',
    );
  });
});
