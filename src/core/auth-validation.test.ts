import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  validateEmail,
  validateNewPassword,
  validatePassword,
} from './auth-validation';

describe('validateEmail', () => {
  it('asks for an address when empty or blank (SPEC §5)', () => {
    expect(validateEmail('')).toBe('Please enter your email address');
    expect(validateEmail('   ')).toBe('Please enter your email address');
  });

  it('refuses what is not an address', () => {
    for (const value of ['plain', 'a@b', '@example.com', 'a b@example.com', 'a@example.']) {
      expect(validateEmail(value)).toBe(AUTH_MESSAGES.emailInvalid);
    }
  });

  it('accepts ordinary addresses, with surrounding spaces', () => {
    for (const value of ['a@b.co', ' first.last+tag@sub.example.org ']) {
      expect(validateEmail(value)).toBeNull();
    }
  });
});

describe('validatePassword and validateNewPassword', () => {
  it('needs at least 8 characters (SPEC §5)', () => {
    expect(validatePassword('1234567')).toBe('Password must be at least 8 characters');
    expect(validatePassword('12345678')).toBeNull();
    expect(validatePassword('x'.repeat(129))).toBe('Password must be at most 128 characters');
  });

  it('needs the confirmation to match (SPEC §5)', () => {
    expect(validateNewPassword('12345678', '12345679')).toBe('Passwords do not match');
    expect(validateNewPassword('12345678', '12345678')).toBeNull();
  });

  it('reports the length before the mismatch', () => {
    expect(validateNewPassword('short', 'other')).toBe('Password must be at least 8 characters');
  });
});

describe('e-mail addresses longer than RFC 5321 allows', () => {
  it('are refused with a clear message', () => {
    expect(validateEmail(`${'a'.repeat(64)}@example.com`)).toBeNull();
    expect(validateEmail(`${'a'.repeat(65)}@example.com`)).toBe(AUTH_MESSAGES.emailTooLong);
    const domain = `${`${'d'.repeat(63)}.`.repeat(4)}com`;
    expect(validateEmail(`me@${domain}`)).toBe(AUTH_MESSAGES.emailTooLong);
    expect(validateEmail(`me@${domain.slice(10)}`)).toBeNull();
  });
});
