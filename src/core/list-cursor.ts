/**
 * The key of a card in the list's order (newest first: created_at, then id), as an opaque
 * cursor: the next page starts after it (keyset paging: no offset to skip, so every page costs
 * the same on any deck size).
 */
export interface ListKey {
  created_at: string;
  id: string;
}

export const CURSOR_MESSAGE = 'The cursor is not one this list gave';

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/u, '');

export function encodeCursor(key: ListKey): string {
  return toBase64Url(JSON.stringify([key.created_at, key.id]));
}

/** The key a cursor holds, or null when it is not one of ours. */
export function decodeCursor(cursor: string): ListKey | null {
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const value: unknown = JSON.parse(text);
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      !Number.isNaN(Date.parse(value[0])) &&
      value[1].length > 0 &&
      value[1].length <= 100
    ) {
      return { created_at: new Date(value[0]).toISOString(), id: value[1] };
    }
  } catch {
    // not base64 or not JSON
  }
  return null;
}
