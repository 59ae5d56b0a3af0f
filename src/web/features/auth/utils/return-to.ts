import { DEFAULT_RETURN_TO, RETURN_TO_STORAGE_KEY } from '../../../../core/constants';

/**
 * Accepts only a path on this site ("/dashboard?x=1"), never another origin ("//evil.example",
 * "https://…", "/\\evil"), so a crafted link cannot send a user elsewhere after sign-in.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export function getStoredReturnTo(): string | null {
  try {
    return safeReturnTo(window.sessionStorage.getItem(RETURN_TO_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function storeReturnTo(value: string): void {
  try {
    window.sessionStorage.setItem(RETURN_TO_STORAGE_KEY, value);
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

/** `/login?returnTo=…` for a destination. */
export function loginPath(returnTo: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ returnTo, ...extra });
  return `/login?${params.toString()}`;
}
