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
    files: ['src/web/lib/toast.ts'],
    rules: { 'no-restricted-imports': restrict(webPatterns) },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/web', '**/web/**'], message: 'The server must not import web code.' },
      ]),
    },
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
