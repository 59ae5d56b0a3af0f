import { sessionStore } from './session-store';

/** One fetch wrapper for Mnemo's API: JSON in and out, `{ error: { code, message } }` → ApiError. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /**
     * True only when `message` came from Mnemo's own `{ error: { message } }` body, so it is
     * meant for the user; otherwise it is for the log (a status text, a proxy's page).
     */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for 4xx answers, which are not worth retrying. */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

export const NETWORK_ERROR_MESSAGE = 'Network error: please check your connection.';

/**
 * The ApiError of a failed answer from its status and body text. Only a JSON body of the form
 * `{ "error": { "message": "…" } }` with a non-empty message gives a message for the user; an
 * empty body, an HTML page or a status text do not.
 */
export function apiErrorFrom(status: number, statusText: string, body: string): ApiError {
  let code = 'HTTP_ERROR';
  let message = '';
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } } | null;
    if (typeof parsed?.error?.code === 'string') code = parsed.error.code;
    if (typeof parsed?.error?.message === 'string') message = parsed.error.message.trim();
  } catch {
    // Not JSON (an empty body, a proxy's error page): nothing for the user.
  }
  if (message) return new ApiError(status, code, message, true);
  return new ApiError(status, code, statusText || `Request failed with status ${status}`);
}

/**
 * What to tell the user about a failed call: the server's own message when it gave one that
 * helps, otherwise the operation's fallback from SPEC §8 ('Failed to create card.'). A network
 * failure, a missing route ('Not found', 405) and the server's generic 500 text also give the
 * fallback, which says what failed.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || !error.fromServer) return fallback;
  const missingRoute =
    error.status === 405 || (error.status === 404 && error.message === 'Not found');
  if (missingRoute || error.code === 'INTERNAL_ERROR') return fallback;
  return error.message;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function sendToLogin(): void {
  if (typeof window === 'undefined') return; // the service worker sending answers (sw.ts)
  // A request still under way when the user signed out (the offline keeper's, say) answers 401
  // too: the user is where they chose to be, not sent to sign in again.
  if (!sessionStore.get().data) return;
  const { pathname, search } = window.location;
  if (pathname === '/login' || pathname === '/signup') return;
  // A full navigation reloads the auth state, which is stale when the session expired.
  window.location.assign(`/login?returnTo=${encodeURIComponent(pathname + search)}`);
}

async function readError(response: Response): Promise<ApiError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // The connection dropped while the body was read: nothing for the user.
  }
  return apiErrorFrom(response.status, response.statusText, body);
}

/** How long after the page's start public/boot.js's early answers may still be taken. */
const EARLY_ANSWER_MS = 10_000;

/**
 * The answer to a GET that public/boot.js started before the app's script arrived (a page's
 * first data), taken once and only in the first seconds: a later GET asks again.
 */
function earlyAnswer(path: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (
    window as { __mnemoEarly?: { at: number; gets: Record<string, Promise<Response> | undefined> } }
  ).__mnemoEarly;
  const answer = early?.gets[path];
  if (!early || !answer) return undefined;
  early.gets[path] = undefined;
  return Date.now() - early.at < EARLY_ANSWER_MS ? answer : undefined;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData body (an upload) sets its own multipart content type.
  const form = options.body instanceof FormData ? options.body : undefined;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  let response: Response;
  const early = (options.method ?? 'GET') === 'GET' ? earlyAnswer(path) : undefined;
  try {
    response = await (early ??
      fetch(path, {
        method: options.method ?? 'GET',
        headers,
        credentials: 'same-origin',
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && path.startsWith('/api/') && !path.startsWith('/api/auth')) {
      sendToLogin();
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
