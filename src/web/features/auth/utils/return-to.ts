import type { NavigateFunction } from 'react-router';
import { DEFAULT_RETURN_TO, RETURN_TO_STORAGE_KEY } from '../../../../core/constants';
import {
  decodeStoredReturnTo,
  encodeStoredReturnTo,
  safeReturnPath,
} from '../../../../core/return-to';

/** The one flow that keeps a destination: signing in (password, magic link, OAuth, 2FA). */
const SIGN_IN_FLOW = 'sign-in';

/**
 * Accepts only a path on this site ("/dashboard?x=1"), never another origin ("//evil.example",
 * "https://…", "/\\evil", "/.//evil"), so a crafted link cannot send a user elsewhere after
 * sign-in. The value is normalised first and the normalised path is what is returned.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  return safeReturnPath(value, window.location.origin);
}

/** The destination kept by the sign-in flow, if it has not expired (10 minutes). */
export function getStoredReturnTo(): string | null {
  try {
    const raw = window.sessionStorage.getItem(RETURN_TO_STORAGE_KEY);
    const path = decodeStoredReturnTo(raw, SIGN_IN_FLOW, Date.now(), window.location.origin);
    // Expired or unusable: dropped, so it can never steer a later sign-in.
    if (raw !== null && path === null) window.sessionStorage.removeItem(RETURN_TO_STORAGE_KEY);
    return path;
  } catch {
    return null;
  }
}

export function storeReturnTo(value: string): void {
  try {
    window.sessionStorage.setItem(
      RETURN_TO_STORAGE_KEY,
      encodeStoredReturnTo(value, SIGN_IN_FLOW, Date.now()),
    );
  } catch {
    // Session storage unavailable: the query parameter still carries it.
  }
}

export function clearStoredReturnTo(): void {
  try {
    window.sessionStorage.removeItem(RETURN_TO_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** returnTo from the query, else the stored value, else /dashboard (SPEC §2). */
export function resolveReturnTo(params: URLSearchParams): string {
  return safeReturnTo(params.get('returnTo')) ?? getStoredReturnTo() ?? DEFAULT_RETURN_TO;
}

/**
 * Goes to a destination after sign-in; whatever goes wrong on the way (a value the router
 * cannot take), the user lands on /dashboard instead of waiting forever.
 */
export function navigateToReturnTo(navigate: NavigateFunction, returnTo: string): void {
  const target = safeReturnTo(returnTo) ?? DEFAULT_RETURN_TO;
  try {
    void Promise.resolve(navigate(target, { replace: true })).catch(() =>
      navigate(DEFAULT_RETURN_TO, { replace: true }),
    );
  } catch {
    void navigate(DEFAULT_RETURN_TO, { replace: true });
  }
}

/** `/login?returnTo=…` for a destination. */
export function loginPath(returnTo: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ returnTo, ...extra });
  return `/login?${params.toString()}`;
}
