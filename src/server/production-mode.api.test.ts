import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../core/deck-schemas';
import { json, newUser } from '../../test/support/fixtures';
import { startTestServer, type TestServer } from '../../test/support/test-server';

/**
 * The built server as production runs it: `NODE_ENV` unset. The test hooks are refused at
 * start (TEST_CLOCK, TEST_STATEMENT_COUNT), and without them a request cannot set the clock
 * (`X-Test-Now`) nor learn its statement count (`X-Statements`).
 */
const PRODUCTION = { NODE_ENV: undefined, TEST_CLOCK: undefined, TEST_STATEMENT_COUNT: undefined };

describe('the built server with NODE_ENV unset', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ built: true, env: PRODUCTION });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('ignores X-Test-Now and sends no X-Statements', async () => {
    const user = await newUser(server.url);
    const before = Date.now();
    const response = await user.post(
      '/api/decks',
      { name: 'Now' },
      { headers: { 'x-test-now': '2001-02-03T04:05:06.000Z' } },
    );
    const deck = await json<Deck>(response, 201);
    expect(Date.parse(deck.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(response.headers.get('x-statements')).toBeNull();
  });

  for (const hook of ['TEST_CLOCK', 'TEST_STATEMENT_COUNT']) {
    it(`refuses to start with ${hook}`, async () => {
      const started = startTestServer({ built: true, env: { ...PRODUCTION, [hook]: 'true' } });
      // A server that started after all is stopped before the test fails.
      const outcome = await started.then(
        async (running) => {
          await running.stop();
          return 'started';
        },
        (error: unknown) => String(error),
      );
      expect(outcome).toContain(`${hook}: only allowed with NODE_ENV=test`);
    }, 300_000);
  }
});
