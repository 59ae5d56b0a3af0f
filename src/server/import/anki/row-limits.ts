/**
 * The rows one Anki package may hold (issue 21): counted in the collection before any row is
 * read, so a package over a limit is refused whole, before it takes memory or time.
 */
import type Database from 'better-sqlite3';
import { badRequest } from '../../http/errors';

/** Rows a package may hold (ANKI_IMPORT_MAX_CARDS, ANKI_IMPORT_MAX_REVIEWS; issue 21). */
export interface RowLimits {
  /** Notes, and cards. */
  maxCards: number;
  /** Review history (revlog) rows. */
  maxReviews: number;
}

export const DEFAULT_ROW_LIMITS: RowLimits = { maxCards: 100_000, maxReviews: 500_000 };

const count = (n: number) => n.toLocaleString('en-US');

export const ROW_MESSAGES = {
  tooMany: (rows: number, what: string, limit: number) =>
    `This package holds ${count(rows)} ${what}; the limit is ${count(limit)}.`,
} as const;

/** Counts the rows before reading any: a package over a limit is refused whole. */
export function checkRowCounts(db: Database.Database, limits: RowLimits): void {
  const checks: [string, string, number][] = [
    ['notes', 'notes', limits.maxCards],
    ['cards', 'cards', limits.maxCards],
    ['revlog', 'review rows', limits.maxReviews],
  ];
  for (const [table, what, limit] of checks) {
    const { n } = db.prepare(`select count(*) as n from ${table}`).get() as { n: number };
    if (n > limit) throw badRequest(ROW_MESSAGES.tooMany(n, what, limit), 'TOO_MANY_ROWS');
  }
}
