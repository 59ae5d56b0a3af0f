import { createEmptyCard, fsrs, generatorParameters, type Grade } from 'ts-fsrs';
import { addDays, DAY_MS, studyDate } from './time';
import type { Rating } from './types';

/** Reviews needed before personal FSRS parameters are worth computing. */
export const MIN_REVIEWS_FOR_TUNING = 400;

export interface ReviewLogRow {
  cardId: string;
  reviewedAt: string;
  response: Rating;
}

/** One review as FSRS's optimizer sees it: rating 1–4 and whole days since the last one. */
export interface TuningReview {
  rating: number;
  deltaT: number;
}

const RATING_NUMBERS: Record<Rating, number> = { again: 1, hard: 2, good: 3, easy: 4 };

const daysBetween = (from: string, to: string) =>
  Math.round(
    (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS,
  );

/**
 * Each card's reviews in time order, with the days elapsed counted in the user's study days
 * (4 am rollover in their zone), as FSRS counts them.
 */
export function reviewHistories(rows: ReviewLogRow[], timeZone: string): TuningReview[][] {
  const byCard = new Map<string, ReviewLogRow[]>();
  for (const row of rows) {
    const list = byCard.get(row.cardId) ?? [];
    list.push(row);
    byCard.set(row.cardId, list);
  }
  return [...byCard.values()].map((list) => {
    const sorted = [...list].sort((a, b) => a.reviewedAt.localeCompare(b.reviewedAt));
    let previous: string | null = null;
    return sorted.map((row) => {
      const day = studyDate(new Date(row.reviewedAt), timeZone);
      const deltaT = previous === null ? 0 : daysBetween(previous, day);
      previous = day;
      return { rating: RATING_NUMBERS[row.response], deltaT };
    });
  });
}

/** The optimizer's training set: every prefix of a history that ends in a review after the first. */
export function trainingItems(histories: TuningReview[][]): TuningReview[][] {
  return histories.flatMap((history) =>
    history.slice(1).map((_, index) => history.slice(0, index + 2)),
  );
}

export interface TuningMetrics {
  /** Mean log loss of predicted recall against what happened (lower is better). */
  logLoss: number;
  /** Root mean square error of predicted recall against what happened (lower is better). */
  rmse: number;
  /** How many reviews were predicted (long-term reviews after a card's first). */
  reviews: number;
}

/**
 * How well parameters predict a review log: replays each card through FSRS and, before each
 * review a day or more after the last, compares the predicted recall with the outcome (any
 * rating but again counts as recalled). `weights` null means FSRS's defaults.
 */
export function evaluateParameters(
  histories: TuningReview[][],
  weights: readonly number[] | null,
): TuningMetrics {
  const scheduler = fsrs(
    generatorParameters({ enable_fuzz: false, ...(weights ? { w: [...weights] } : {}) }),
  );
  const start = new Date('2000-01-01T00:00:00Z');
  let loss = 0;
  let squared = 0;
  let count = 0;
  for (const history of histories) {
    let card = createEmptyCard(start);
    let day = '2000-01-01';
    for (const [index, review] of history.entries()) {
      day = addDays(day, review.deltaT);
      const now = new Date(`${day}T12:00:00Z`);
      if (index > 0 && review.deltaT > 0) {
        const p = Math.min(
          1 - 1e-6,
          Math.max(1e-6, scheduler.get_retrievability(card, now, false)),
        );
        const recalled = review.rating > 1 ? 1 : 0;
        loss += -(recalled * Math.log(p) + (1 - recalled) * Math.log(1 - p));
        squared += (p - recalled) ** 2;
        count++;
      }
      card = scheduler.next(card, now, review.rating as Grade).card;
    }
  }
  return {
    logLoss: count === 0 ? 0 : loss / count,
    rmse: count === 0 ? 0 : Math.sqrt(squared / count),
    reviews: count,
  };
}
