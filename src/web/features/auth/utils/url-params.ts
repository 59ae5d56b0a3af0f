/** Reads a parameter from the query string or, failing that, the hash (`#error=…`). */
export function readUrlParam(
  name: string,
  location: { search: string; hash: string },
): string | null {
  const fromQuery = new URLSearchParams(location.search).get(name);
  if (fromQuery) return fromQuery;
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  return hash ? new URLSearchParams(hash).get(name) : null;
}

const KNOWN_ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'This link is invalid or has expired.',
  EXPIRED_TOKEN: 'This link is invalid or has expired.',
  ATTEMPTS_EXCEEDED: 'This link is invalid or has expired.',
  access_denied: 'Sign-in was cancelled.',
};

/** Turns an error code such as "INVALID_TOKEN" or "access_denied" into readable words. */
function humanize(code: string): string {
  const known = KNOWN_ERRORS[code];
  if (known) return known;
  if (/\s/.test(code)) return code;
  const words = code.replace(/[_-]+/g, ' ').toLowerCase().trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

/** The error the provider put in the address: error_description first, else error (SPEC §2). */
export function readUrlError(location: { search: string; hash: string }): string | null {
  const description = readUrlParam('error_description', location);
  if (description) return description;
  const error = readUrlParam('error', location);
  return error ? humanize(error) : null;
}
