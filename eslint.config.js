import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Boundary rules: web never imports server, server never imports web, core imports neither. */
const restrict = (patterns, paths = []) => ['error', { patterns, paths }];

const webPatterns = [
  {
    group: ['**/server', '**/server/**'],
    message: 'The web app must not import server code.',
  },
  {
    group: ['pg', 'better-sqlite3', 'kysely', 'node:*'],
    message: 'The web app runs in the browser.',
  },
];

/** Toasts show one at a time (SPEC §2): through src/web/lib/toast.ts only. */
const webPaths = [
  {
    name: 'sonner',
    importNames: ['toast'],
    message: 'Import toast from src/web/lib/toast.ts: it shows one toast at a time.',
  },
];

const serverPattern = {
  group: ['**/web', '**/web/**'],
  message: 'The server must not import web code.',
};

/**
 * The test support: fixtures, fakes, package builders. Product code never imports it (it would
 * ship in the production bundle; scripts/build.mjs refuses such a bundle too).
 */
const TEST_SUPPORT_FILES = ['test/**'];
const testSupportPattern = {
  group: ['**/test/**'],
  message: 'Test support must not be imported by product code (it would ship in the bundle).',
};

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'node_modules/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': restrict(webPatterns, webPaths),
    },
  },
  {
    // The one place that may show a toast through sonner itself.
    files: ['src/web/lib/toast.ts', 'src/web/app/toaster.tsx'],
    rules: { 'no-restricted-imports': restrict(webPatterns) },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict([serverPattern, testSupportPattern]),
    },
  },
  {
    // Tests, benchmarks' helpers and the test support itself may use the test support.
    files: ['src/server/**/*.test.ts', ...TEST_SUPPORT_FILES],
    rules: { 'no-restricted-imports': restrict([serverPattern]) },
  },
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server', '**/server/**', '**/web', '**/web/**'],
          message: 'Core is shared and pure.',
        },
        {
          group: ['node:*', 'pg', 'better-sqlite3', 'kysely', 'hono', 'react', 'react-dom'],
          message: 'Core is pure: no I/O, no framework.',
        },
      ]),
    },
  },
);
