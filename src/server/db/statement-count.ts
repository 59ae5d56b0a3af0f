import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

/**
 * Counting the SQL statements a request runs (issue 13: "SQL statements per answer, counted, not
 * estimated"). With TEST_STATEMENT_COUNT a middleware opens a scope per request and the response
 * says how many statements ran in it (`X-Statements`), BEGIN and COMMIT included, better-auth's
 * own queries too (they go through the same Kysely instance).
 */
const scope = new AsyncLocalStorage<{ count: number }>();

export function countingStatements<T>(run: () => Promise<T>): {
  done: Promise<T>;
  count: () => number;
} {
  const store = { count: 0 };
  return { done: scope.run(store, run), count: () => store.count };
}

/** Kysely's `log` hook: every statement executed (or failed) in a scope is counted. */
export function logStatement(_event: LogEvent): void {
  const store = scope.getStore();
  if (store) store.count += 1;
}
