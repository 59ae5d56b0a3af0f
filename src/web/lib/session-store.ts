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

/**
 * The last signed-in user, kept on the device (without the session's token) so that the app
 * opens offline with the pages the learner saw (the service worker serves the app; the server,
 * when reached again, decides). Signing out, or the server saying there is no session, drops it.
 */
const REMEMBERED_KEY = 'mnemo-offline-session';

function remember(data: AuthSession | null): void {
  try {
    if (data) {
      const session = { ...data.session, token: '' };
      localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ ...data, session }));
    } else localStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // Storage unavailable: the app needs the network to know the user then.
  }
}

function remembered(): AuthSession | null {
  try {
    const raw = localStorage.getItem(REMEMBERED_KEY);
    return raw ? (JSON.parse(raw) as AuthSession) : null;
  } catch {
    return null;
  }
}

export function setSession(next: SessionState): void {
  state = next;
  if (!next.isPending) remember(next.data);
  for (const listener of listeners) listener();
}

/**
 * The request public/boot.js started in <head> before the app's script arrived (the first time
 * only: a later check asks again), else a new one.
 */
function sessionRequest(): Promise<Response> {
  const page = window as { __mnemoSession?: Promise<Response> };
  const early = page.__mnemoSession;
  page.__mnemoSession = undefined;
  return early ?? fetch('/api/auth/get-session', { credentials: 'same-origin' });
}

/**
 * Asks the server for the session (again) and publishes the answer; when the server cannot be
 * reached (offline), the user last seen on this device.
 */
export function loadSession(): Promise<void> {
  loading ??= sessionRequest()
    .then(async (response) =>
      response.ok ? ((await response.json()) as AuthSession | null) : null,
    )
    .catch(() => remembered())
    .then((data) => setSession({ data: data?.user ? data : null, isPending: false }))
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/**
 * Whether a request for the user's data may be sent before the session check answers: a user
 * is signed in, or was the last time this device saw the app. A route loader uses it to start
 * a page's first requests at once; a signed-out visitor's page waits, as it must.
 */
export function mayBeSignedIn(): boolean {
  return state.data !== null || remembered() !== null;
}

export const sessionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};
