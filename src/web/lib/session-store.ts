import type { AuthSession } from './auth-client';

/**
 * The signed-in session, for every page, without better-auth's client: one plain request to
 * /api/auth/get-session at start. The client (auth-client.ts, loaded by the screens that sign
 * in, out or change the account) reports every change it makes here, so a signed-out visitor's
 * first page carries no auth code at all.
 */
export interface SessionState {
  data: AuthSession | null;
  isPending: boolean;
}

let state: SessionState = { data: null, isPending: true };
const listeners = new Set<() => void>();
let loading: Promise<void> | undefined;

export function setSession(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the server for the session (again) and publishes the answer. */
export function loadSession(): Promise<void> {
  loading ??= fetch('/api/auth/get-session', { credentials: 'same-origin' })
    .then(async (response) =>
      response.ok ? ((await response.json()) as AuthSession | null) : null,
    )
    .catch(() => null)
    .then((data) => setSession({ data: data?.user ? data : null, isPending: false }))
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

export const sessionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};
