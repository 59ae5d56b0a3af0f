import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Boundary rules: web never imports server, server never imports web, core imports neither. */
const restrict = (patterns) => ['error', { patterns }];

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
      'no-restricted-imports': restrict([
        {
          group: ['**/server', '**/server/**'],
          message: 'The web app must not import server code.',
        },
        {
          group: ['pg', 'better-sqlite3', 'kysely', 'node:*'],
          message: 'The web app runs in the browser.',
        },
      ]),
    },
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
