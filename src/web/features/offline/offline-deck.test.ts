import { describe, expect, it } from 'vitest';
import type { Deck } from '../../../core/deck-schemas';
import type { OfflineCopy } from '../../../core/offline-schemas';
import { buildSessionQueue } from '../../../core/scheduling';
import type { QueueCard } from '../../../core/study-schemas';
import {
  keptDeckFrom,
  offlineCounts,
  offlineQueue,
  studiedNow,
  withAnswer,
  withoutAnswer,
} from './offline-deck';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function card(id: string, state: QueueCard['card_state'], due: string, front = id): QueueCard {
  return {
    id,
    deck_id: 'deck',
    card_type: 'qa',
    front_content: front,
    back_content: `back ${id}`,
    source_job_id: null,
    source_quote: null,
    is_edited: false,
    note_id: null,
    cloze_number: null,
    tags: [],
    card_state: state,
    due_date: due,
    interval_days: state === 'review' ? 3 : 0,
    ease_factor: 2.5,
    review_count: state === 'new' ? 0 : 2,
    learning_step: 0,
    last_reviewed_at: null,
    average_response_time: null,
    buried_until: null,
    is_leech: false,
    suspended_from: null,
    created_at: `2026-03-0${id.length}T00:00:00.000Z`,
    updated_at: '2026-03-01T00:00:00.000Z',
    stability: null,
    difficulty: null,
    lapses: 0,
    reps: 0,
    scheduled_days: 0,
    elapsed_days: 0,
    fsrs_state: 0,
    priority_type: state === 'new' ? 'new' : 'review',
  } as QueueCard;
}

const copy = (cards: QueueCard[]): OfflineCopy => ({
  deck: { id: 'deck', name: 'Kept', new_cards_per_day: 2, max_reviews_per_day: 10 } as Deck,
  studied_today: { new_count: 1, review_count: 0 },
  cards,
  days: 3,
  time_zone: 'UTC',
  updated_at: '2026-03-10T08:00:00.000Z',
});

const cards = [
  card('n1', 'new', '2026-03-10T00:00:00.000Z', 'See ![](mnemo-media:' + 'a'.repeat(64) + '.png)'),
  card('n22', 'new', '2026-03-10T00:00:00.000Z'),
  card('r1', 'review', '2026-03-09T00:00:00.000Z'),
  card('r2', 'review', '2026-03-12T04:00:00.000Z'),
];

describe('a deck kept offline', () => {
  it('lists the media its cards show', () => {
    expect(keptDeckFrom('user', copy(cards)).media).toEqual([`${'a'.repeat(64)}.png`]);
  });

  it("builds the server's queue: one new card left today, the review due, not tomorrow's", () => {
    const kept = keptDeckFrom('user', copy(cards));
    const queue = offlineQueue(kept, NOW, 'seed');
    expect(queue.map((each) => each.id).sort()).toEqual(['n1', 'r1']);
    expect(queue).toEqual(
      buildSessionQueue(cards, {
        limits: { newCardsPerDay: 2, maxReviewsPerDay: 10 },
        studied: { newCount: 1, reviewCount: 0 },
        sessionType: 'mixed',
        now: NOW,
        timeZone: 'UTC',
        seed: 'seed',
      }),
    );
    expect(offlineCounts(kept, NOW)).toEqual({ newCards: 1, dueCards: 1 });
  });

  it('takes the answers given on the device: the card moves on, the limits count it once', () => {
    let kept = keptDeckFrom('user', copy(cards));
    const answered = { ...cards[0]!, card_state: 'learning' as const, due_date: NOW.toISOString() };
    kept = withAnswer(kept, cards[0]!, answered, NOW);
    kept = withAnswer(kept, answered, { ...answered, due_date: '2026-03-11T04:00:00.000Z' }, NOW);
    expect(studiedNow(kept, NOW)).toEqual({ newCount: 2, reviewCount: 1 });
    // No new card left today; the learning card is due tomorrow, not now.
    expect(offlineQueue(kept, NOW, 'seed').map((each) => each.id)).toEqual(['r1']);
  });

  it('starts the next study day with nothing studied', () => {
    let kept = keptDeckFrom('user', copy(cards));
    kept = withAnswer(kept, cards[2]!, { ...cards[2]!, due_date: '2026-03-20T04:00:00.000Z' }, NOW);
    const tomorrow = new Date('2026-03-11T05:00:00.000Z');
    expect(studiedNow(kept, tomorrow)).toEqual({ newCount: 0, reviewCount: 0 });
    expect(offlineCounts(kept, tomorrow)).toEqual({ newCards: 2, dueCards: 0 });
  });

  it('takes back an undone answer: the card as it was, the limits as before', () => {
    const before = keptDeckFrom('user', copy(cards));
    const learning = { ...cards[0]!, card_state: 'learning' as const, due_date: NOW.toISOString() };
    const once = withAnswer(before, cards[0]!, learning, NOW);
    const twice = withAnswer(
      once,
      learning,
      { ...learning, due_date: '2026-03-11T04:00:00.000Z' },
      NOW,
    );
    expect(withoutAnswer(twice, learning)).toEqual(once);
    expect(withoutAnswer(once, cards[0]!)).toEqual(before);
    expect(offlineQueue(withoutAnswer(once, cards[0]!), NOW, 'seed')).toEqual(
      offlineQueue(before, NOW, 'seed'),
    );
  });
});
