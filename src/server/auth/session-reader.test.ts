import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, verifiedToken } from './session-reader';

const secret = 'a-secret-a-secret-a-secret-a-secret';
const signed = (token: string, key = secret) =>
  `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

describe('cookieValue', () => {
  it('finds a cookie among others and decodes it', () => {
    const header = `theme=dark; better-auth.session_token=${encodeURIComponent('abc.d/e+f=')}; x=1`;
    expect(cookieValue(header, 'better-auth.session_token')).toBe('abc.d/e+f=');
    expect(cookieValue(header, 'theme')).toBe('dark');
    expect(cookieValue(header, 'x')).toBe('1');
  });

  it('does not take a cookie whose name only ends or starts with the name', () => {
    expect(cookieValue('__Secure-better-auth.session_token=1', 'better-auth.session_token')).toBe(
      undefined,
    );
    expect(cookieValue('better-auth.session_token_x=1', 'better-auth.session_token')).toBe(
      undefined,
    );
    expect(cookieValue('', 'a')).toBe(undefined);
    expect(cookieValue('novalue; a=', 'a')).toBe('');
  });

  it('keeps a value that is not valid percent-encoding as it is', () => {
    expect(cookieValue('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
  });
});

describe('verifiedToken', () => {
  it('answers the token of a value signed with the secret', () => {
    expect(verifiedToken(signed('token123'), secret)).toBe('token123');
  });

  it('refuses a value signed with another secret, altered, or unsigned', () => {
    expect(verifiedToken(signed('token123', 'another-secret'), secret)).toBeNull();
    expect(verifiedToken(signed('token123').replace('token123', 'token124'), secret)).toBeNull();
    expect(verifiedToken('token123', secret)).toBeNull();
    expect(verifiedToken('.abc', secret)).toBeNull();
    expect(verifiedToken(`token123.${'A'.repeat(43)}=`, secret)).toBeNull();
  });
});
