import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The server's clock. Services ask `now()` instead of `new Date()`, so a test can run a request
 * at another instant: with TEST_CLOCK on (only allowed with NODE_ENV=test), the header
 * `X-Test-Now: <ISO instant>` sets the clock of that one request (`testClock` in app.ts).
 * Without it, `now()` is the real time.
 */
const requestClock = new AsyncLocalStorage<number>();

export function now(): Date {
  const at = requestClock.getStore();
  return at === undefined ? new Date() : new Date(at);
}

/** Runs `work` with `now()` answering `at`. */
export function atInstant<T>(at: Date, work: () => T): T {
  return requestClock.run(at.getTime(), work);
}
