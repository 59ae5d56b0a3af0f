import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs (say, CI on a clone and a developer's run) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;
const LLM_PORT = PORT + 2;
const LLM_BASE_URL = `http://localhost:${PORT + 1}`;

/**
 * Browser journeys against the real server (fresh SQLite data in .tmp/e2e-data) and the built
 * SPA (`npm run test:e2e` runs `vite build` first). Debian's Chromium, never a downloaded one.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // On CI a journey that fails is run once more, for the report: one that passes only on the
  // retry (flaky) still fails the run in .ci/summarize.mjs unless .ci/known-flaky.txt lists it
  // with its cause (that list, printed on every run, is meant to stay empty).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI_REPORT_DIR
    ? [
        ['list'],
        [
          'json',
          {
            outputFile: `${process.env.CI_REPORT_DIR}/playwright-${process.env.CI_REPORT_NAME ?? 'e2e'}.json`,
          },
        ],
      ]
    : 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      // A fresh database and outbox for every run (see e2e/reset-data.mjs).
      command: 'node e2e/reset-data.mjs && npx tsx src/server/main.ts',
      url: `${BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_PORT: String(PORT),
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        BASE_URL,
        LOG_LEVEL: 'warn',
        // Every journey signs in from the same address: the production limits (10 sign-ins and
        // 100 other auth calls a minute) would make the suite flaky, so they are raised here.
        // The limits themselves are tested in src/server/auth/rate-limit.api.test.ts.
        RATE_LIMIT_SIGN_IN_MAX: '100000',
        RATE_LIMIT_MAX: '100000',
        // Settings → AI: the providers a user connects are reached at the local fake model.
        NODE_ENV: 'test',
        TEST_AI_PROVIDER_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
      },
    },
    {
      // A local OpenAI-compatible model (e2e/support/fake-llm-main.ts)...
      command: 'npx tsx e2e/support/fake-llm-main.ts',
      port: LLM_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_LLM_PORT: String(LLM_PORT) },
    },
    {
      // ...and a second Mnemo on the next port that generates with it, for failure and retry.
      command: 'node e2e/reset-data.mjs && npx tsx src/server/main.ts',
      url: `${LLM_BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_PORT: String(PORT + 1),
        PORT: String(PORT + 1),
        DATA_DIR: `.tmp/e2e-data-${PORT + 1}`,
        BASE_URL: LLM_BASE_URL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SIGN_IN_MAX: '100000',
        RATE_LIMIT_MAX: '100000',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
        AI_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
      },
    },
  ],
});
