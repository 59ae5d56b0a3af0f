import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeStoredReturnTo,
  encodeStoredReturnTo,
  RETURN_TO_LIFETIME_MS,
  safeReturnPath,
} from './return-to';

const ORIGIN = 'https://mnemo.example';

/** Values seen in attacks on open redirects; none may leave the site. */
const HOSTILE_RETURN_TOS = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/a/b/../..//evil.example',
  '/./\\evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  ' //evil.example',
  'https://evil.example',
  'https:evil.example',
  'http://mnemo.example@evil.example',
  '//mnemo.example@evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  './/evil.example',
  '../evil.example',
  '',
  '/'.repeat(3000),
];

describe('safeReturnPath', () => {
  it.each(HOSTILE_RETURN_TOS)('refuses %j', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeNull();
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard?x=1#top', '/dashboard?x=1#top'],
    ['/decks/abc/../def', '/decks/def'],
    ['/./settings', '/settings'],
    ['/a/b/../../settings', '/settings'],
    ['/\\settings', null],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/decks/é', '/decks/%C3%A9'],
  ])('keeps the path %j as %j', (value, expected) => {
    expect(safeReturnPath(value, ORIGIN)).toBe(expected);
  });

  it('refuses anything that is not a string', () => {
    for (const value of [null, undefined, 1, {}, ['/dashboard']]) {
      expect(safeReturnPath(value, ORIGIN)).toBeNull();
    }
  });

  const hostileParts = fc.constantFrom(
    '/',
    '\\',
    '.',
    '..',
    '%2e',
    '%2f',
    '%5c',
    'evil.example',
    '@',
    ':',
    '?',
    '#',
    '\t',
    '\n',
    ' ',
    'a',
    'https:',
    'javascript:',
  );

  it('never returns a path that leaves the site or changes when used again', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.array(hostileParts, { maxLength: 12 }).map((parts) => parts.join('')),
          fc.array(hostileParts, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
        ),
        (value) => {
          const path = safeReturnPath(value, ORIGIN);
          if (path === null) return;
          expect(path.startsWith('/')).toBe(true);
          expect(path.startsWith('//')).toBe(false);
          expect(path).not.toContain('\\');
          const resolved = new URL(path, ORIGIN);
          expect(resolved.origin).toBe(ORIGIN);
          expect(safeReturnPath(path, ORIGIN)).toBe(path);
          // What a router does with it: the same origin, whatever other base it is read against.
          expect(new URL(path, 'http://other.test/deep/page').host).toBe('other.test');
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('the kept destination', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('is given back to its flow until it expires, then no more', () => {
    const raw = encodeStoredReturnTo('/settings', 'sign-in', now);
    expect(decodeStoredReturnTo(raw, 'sign-in', now, ORIGIN)).toBe('/settings');
    expect(decodeStoredReturnTo(raw, 'sign-in', now + RETURN_TO_LIFETIME_MS - 1, ORIGIN)).toBe(
      '/settings',
    );
    expect(decodeStoredReturnTo(raw, 'sign-in', now + RETURN_TO_LIFETIME_MS, ORIGIN)).toBeNull();
    expect(decodeStoredReturnTo(raw, 'sign-in', now + 60 * 60 * 1000, ORIGIN)).toBeNull();
  });

  it('is not given to another flow', () => {
    const raw = encodeStoredReturnTo('/settings', 'sign-in', now);
    expect(decodeStoredReturnTo(raw, 'password-reset', now, ORIGIN)).toBeNull();
  });

  it('refuses old plain values, malformed entries, far-future expiries and unsafe paths', () => {
    for (const raw of [
      '/settings',
      '{',
      'null',
      '"x"',
      JSON.stringify({ path: '/settings', flow: 'sign-in' }),
      JSON.stringify({ path: '/settings', flow: 'sign-in', expiresAt: now + 10 ** 12 }),
      JSON.stringify({ path: '/.//evil.example', flow: 'sign-in', expiresAt: now + 1000 }),
      null,
    ]) {
      expect(decodeStoredReturnTo(raw, 'sign-in', now, ORIGIN)).toBeNull();
    }
  });
});
