import { describe, expect, it } from 'vitest';
import {
  estimatedMinutes,
  learnAhead,
  orderSessionQueue,
  requeueDelaySeconds,
  sessionPreview,
  sessionRequeueDelaySeconds,
} from './queue';
import type { CardState } from './types';

const card = (id: string, state: CardState, created: string, due: string) => ({
  id,
  card_state: state,
  created_at: `2026-01-${created}T00:00:00.000Z`,
  due_date: `2026-02-${due}T00:00:00.000Z`,
});

const newCards = [
  card('n3', 'new', '03', '01'),
  card('n1', 'new', '01', '01'),
  card('n2', 'new', '02', '01'),
];
const dueCards = [
  card('r2', 'review', '01', '05'),
  card('r1', 'learning', '01', '02'),
  card('s', 'suspended', '01', '01'),
];

describe('session queue (get_fresh_session_queue)', () => {
  it('orders new cards oldest first and reviews by due date; never suspended cards', () => {
    expect(orderSessionQueue(newCards, dueCards, 'new_only', 'x').map((c) => c.id)).toEqual([
      'n1',
      'n2',
      'n3',
    ]);
    expect(orderSessionQueue(newCards, dueCards, 'review_only', 'x').map((c) => c.id)).toEqual([
      'r1',
      'r2',
    ]);
  });

  it('shuffles a mixed session reproducibly from its seed', () => {
    const a = orderSessionQueue(newCards, dueCards, 'mixed', 'session-1').map((c) => c.id);
    const b = orderSessionQueue(newCards, dueCards, 'mixed', 'session-1').map((c) => c.id);
    expect(a).toEqual(b);
    expect([...a].sort()).toEqual(['n1', 'n2', 'n3', 'r1', 'r2']);
    const orders = new Set(
      Array.from({ length: 20 }, (_, index) =>
        orderSessionQueue(newCards, dueCards, 'mixed', `seed-${index}`)
          .map((c) => c.id)
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('estimates 30 seconds per card, rounded up to minutes', () => {
    expect(estimatedMinutes(0)).toBe(0);
    expect(estimatedMinutes(1)).toBe(1);
    expect(estimatedMinutes(3)).toBe(2);
    expect(estimatedMinutes(4)).toBe(2);
    expect(sessionPreview('Deck', 2, 3)).toEqual({
      deckName: 'Deck',
      newCards: 2,
      dueCards: 3,
      estimatedDuration: 3,
    });
  });

  it('requeues again after 60 s and hard on a learning card after 600 s', () => {
    expect(requeueDelaySeconds('again', 'review', 'learning')).toBe(60);
    expect(requeueDelaySeconds('hard', 'learning', 'review')).toBe(600);
    expect(requeueDelaySeconds('hard', 'new', 'learning')).toBe(600);
    expect(requeueDelaySeconds('hard', 'review', 'review')).toBeNull();
    expect(requeueDelaySeconds('good', 'learning', 'learning')).toBeNull();
  });
});

describe('requeue in the session by scheduler', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const dayEnd = new Date('2026-03-11T04:00:00.000Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it("SM-2 keeps the spec's 60 s and 600 s", () => {
    const learning = { card_state: 'learning' as const, due_date: at(10) };
    expect(sessionRequeueDelaySeconds('sm2', 'again', 'new', learning, now, dayEnd)).toBe(60);
    expect(sessionRequeueDelaySeconds('sm2', 'hard', 'new', learning, now, dayEnd)).toBe(600);
    const review = { card_state: 'review' as const, due_date: at(1440) };
    expect(sessionRequeueDelaySeconds('sm2', 'good', 'new', review, now, dayEnd)).toBeNull();
  });

  it('FSRS brings a learning card back when its step is due, within the study day', () => {
    const step = (minutes: number) => ({ card_state: 'learning' as const, due_date: at(minutes) });
    expect(sessionRequeueDelaySeconds('fsrs', 'good', 'new', step(10), now, dayEnd)).toBe(600);
    expect(sessionRequeueDelaySeconds('fsrs', 'hard', 'new', step(6), now, dayEnd)).toBe(360);
    expect(sessionRequeueDelaySeconds('fsrs', 'again', 'review', step(10), now, dayEnd)).toBe(600);
    expect(
      sessionRequeueDelaySeconds('fsrs', 'good', 'new', step(20 * 60), now, dayEnd),
    ).toBeNull();
    const review = { card_state: 'review' as const, due_date: at(3 * 1440) };
    expect(sessionRequeueDelaySeconds('fsrs', 'easy', 'new', review, now, dayEnd)).toBeNull();
  });

  it('learns ahead up to 20 minutes at the end of the queue', () => {
    const nowMs = now.getTime();
    expect(learnAhead([], nowMs)).toBeUndefined();
    const waiting = [{ availableAt: nowMs + 15 * 60_000 }, { availableAt: nowMs + 5 * 60_000 }];
    expect(learnAhead(waiting, nowMs)).toBe(waiting[1]);
    expect(learnAhead([{ availableAt: nowMs + 21 * 60_000 }], nowMs)).toBeUndefined();
  });
});
