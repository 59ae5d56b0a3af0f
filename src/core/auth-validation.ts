import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

/** Texts of SPEC §5, used by the forms and by the tests. */
export const AUTH_MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  emailTooLong: 'This email address is too long: at most 64 characters before the @ and 254 in all',
} as const;

/** RFC 5321's limits: 64 characters in the local part, 254 in the whole address. */
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_MAX = 254;

// Deliberately permissive (what browsers accept for type=email): one @, no spaces, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Checks an e-mail address typed into a form.
 * @returns the message to show, or null when the address is acceptable.
 */
export function validateEmail(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return AUTH_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(trimmed)) return AUTH_MESSAGES.emailInvalid;
  if (trimmed.length > EMAIL_MAX || trimmed.lastIndexOf('@') > EMAIL_LOCAL_MAX) {
    return AUTH_MESSAGES.emailTooLong;
  }
  return null;
}

/**
 * Checks a new password (sign-up, reset, change).
 * @returns the message to show, or null when the password is acceptable.
 */
export function validatePassword(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

/**
 * Checks a new password and its confirmation (SPEC §5, reset password).
 * The length rule is reported before the mismatch.
 */
export function validateNewPassword(password: string, confirmation: string): string | null {
  return (
    validatePassword(password) ??
    (password === confirmation ? null : AUTH_MESSAGES.passwordsDoNotMatch)
  );
}

/** Messages of sign-in with an e-mailed code, by better-auth's error code (emailOTP plugin). */
export const EMAIL_CODE_MESSAGES: Record<string, string> = {
  codeRequired: 'Please enter the 6-digit code from the e-mail',
  INVALID_OTP: 'That code is not right. Check the e-mail and try again.',
  OTP_EXPIRED: 'That code has expired. Ask for a new code.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Ask for a new code.',
};
