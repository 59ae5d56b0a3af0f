import { describe, expect, it } from 'vitest';
import type { Deck } from '../../../../../core/deck-schemas';
import type { QueueCard } from '../../api/study';
import { leechAfterAnswer, siblingsBuriedBy, withoutCards } from './session-status';

const card = (id: string, extra: Partial<QueueCard> = {}) =>
  ({ id, note_id: null, card_state: 'new', interval_days: 0, lapses: 0, ...extra }) as QueueCard;

const deck = (extra: Partial<Deck> = {}) =>
  ({
    bury_new_siblings: false,
    bury_review_siblings: false,
    bury_interday_learning_siblings: false,
    leech_threshold: 8,
    leech_action: 'suspend',
    ...extra,
  }) as Deck;

describe('the learn session drops what the server buries or suspends', () => {
  const queue = [
    card('a', { note_id: 'n' }),
    card('b', { note_id: 'n' }),
    card('c'),
    card('d', { note_id: 'n', card_state: 'review', interval_days: 3 }),
  ];

  it('buries waiting siblings of the answered card per the deck', () => {
    expect([...siblingsBuriedBy(queue[0] as QueueCard, queue, 0, deck())]).toEqual([]);
    const buried = siblingsBuriedBy(
      queue[0] as QueueCard,
      queue,
      0,
      deck({ bury_new_siblings: true }),
    );
    expect([...buried]).toEqual(['b']);
    expect(withoutCards(queue, 1, buried).map((item) => item.id)).toEqual(['a', 'c', 'd']);
    const both = siblingsBuriedBy(
      queue[0] as QueueCard,
      queue,
      0,
      deck({ bury_new_siblings: true, bury_review_siblings: true }),
    );
    expect(withoutCards(queue, 1, both).map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('cards already answered stay where they are', () => {
    const again = [...queue, card('a', { note_id: 'n' })];
    expect(withoutCards(again, 1, new Set(['a'])).map((item) => item.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('the 8th lapse is a leech, suspended and announced', () => {
    const leech = leechAfterAnswer(card('x', { lapses: 7 }), 8, deck());
    expect(leech).toMatchObject({ leech: true, suspend: true });
    expect(leech.notice).toMatch(/This card has been suspended\.$/);
    expect(leechAfterAnswer(card('x', { lapses: 6 }), 7, deck()).notice).toBeNull();
  });
});
