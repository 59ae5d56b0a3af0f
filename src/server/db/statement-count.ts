import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

/**
 * Counting the SQL statements a request runs (issue 13: "SQL statements per answer, counted, not
 * estimated"). With TEST_STATEMENT_COUNT a middleware opens a scope per request and the response
 * says how many statements ran in it (`X-Statements`), BEGIN and COMMIT included, better-auth's
 * own queries too (they go through the same Kysely instance). A scope can also keep the
 * statements themselves (the EXPLAIN test reads the plans of the hot paths' queries).
 */
export interface RecordedStatement {
  sql: string;
  parameters: readonly unknown[];
}

interface Scope {
  count: number;
  recorded?: RecordedStatement[];
}

const scope = new AsyncLocalStorage<Scope>();

export function countingStatements<T>(
  run: () => Promise<T>,
  options: { record?: boolean } = {},
): { done: Promise<T>; count: () => number; recorded: () => RecordedStatement[] } {
  // A scope inside a recording one (a request within a test's scope) records into it too.
  const recorded = options.record ? [] : scope.getStore()?.recorded;
  const store: Scope = { count: 0, ...(recorded ? { recorded } : {}) };
  return {
    done: scope.run(store, run),
    count: () => store.count,
    recorded: () => store.recorded ?? [],
  };
}

/** Kysely's `log` hook: every statement executed (or failed) in a scope is counted. */
export function logStatement(event: LogEvent): void {
  const store = scope.getStore();
  if (!store) return;
  store.count += 1;
  store.recorded?.push({ sql: event.query.sql, parameters: event.query.parameters });
}
