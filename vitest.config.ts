import path from 'node:path';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console one (.ci/run adds them up).
const reportDir = process.env.CI_REPORT_DIR;
const reportName = process.env.CI_REPORT_NAME ?? 'local';

/**
 * Three projects: `core` and `web` (pure unit tests) and `server` (API tests that start the real server
 * process on a fresh database: SQLite by default, PostgreSQL when DATABASE_URL is set).
 * Browser journeys live in e2e/ and run with Playwright.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: path.join(reportDir, `vitest-${reportName}.json`) } : undefined,
    projects: [
      {
        test: {
          name: 'core',
          include: ['src/core/**/*.test.ts'],
          // Property tests take a second alone and more on a busy CI machine.
          testTimeout: 20_000,
        },
      },
      {
        // Pure functions of the web app (no DOM): the browser's parts are tested in e2e/.
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          // scripts/: the Node.js version check of the server's entries (node-support.mjs).
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
