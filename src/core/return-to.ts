/**
 * Where a user goes after signing in (SPEC §2): only ever a path on this site. The value is
 * normalised first (resolved against the app's origin as a browser would, backslashes read as
 * slashes) and the normalised result is what gets checked and used, so `/.//evil.example`,
 * `/a/..//evil.example` or `/./\evil.example` cannot turn into `//evil.example` after the check.
 */

/** How long a kept destination may steer a sign-in: longer than a sign-in takes, no more. */
export const RETURN_TO_LIFETIME_MS = 10 * 60 * 1000;

/** Longer values are not destinations anyone links to. */
const MAX_RETURN_TO_LENGTH = 2048;

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The normalised same-origin path of `value` ("/dashboard?x=1#a"), or null when it is not one:
 * another origin, a scheme, a protocol-relative or backslash trick, or anything that does not
 * resolve to itself again.
 */
export function safeReturnPath(value: unknown, appOrigin: string): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_RETURN_TO_LENGTH) return null;
  let origin: string;
  try {
    origin = new URL(appOrigin).origin;
  } catch {
    return null;
  }
  const slashed = value.replace(/\\/g, '/');
  if (!slashed.startsWith('/')) return null;
  let resolved: URL;
  try {
    resolved = new URL(slashed, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin) return null;
  const path = pathOf(resolved);
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  // The result must be stable: used again as a destination, it names the same place.
  let again: URL;
  try {
    again = new URL(path, origin);
  } catch {
    return null;
  }
  return again.origin === origin && pathOf(again) === path ? path : null;
}

/** A kept destination: which flow kept it and until when it may be used. */
export interface StoredReturnTo {
  path: string;
  flow: string;
  expiresAt: number;
}

export function encodeStoredReturnTo(path: string, flow: string, now: number): string {
  const entry: StoredReturnTo = { path, flow, expiresAt: now + RETURN_TO_LIFETIME_MS };
  return JSON.stringify(entry);
}

/**
 * The kept destination of `flow` if it is still valid at `now`, else null (expired, kept by
 * another flow, malformed, unsafe, or from a time before entries expired).
 */
export function decodeStoredReturnTo(
  raw: string | null,
  flow: string,
  now: number,
  appOrigin: string,
): string | null {
  if (!raw) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!entry || typeof entry !== 'object') return null;
  const { path, flow: keptBy, expiresAt } = entry as Partial<StoredReturnTo>;
  if (keptBy !== flow || typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  // An entry claiming to live longer than any entry can was not written by this code.
  if (now >= expiresAt || expiresAt - now > RETURN_TO_LIFETIME_MS) return null;
  return safeReturnPath(path, appOrigin);
}
