/** Business constants of SPEC §9, shared by server and web. */

/** TanStack Query: data stays fresh for 5 minutes. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** TanStack Query: unused data is kept for 10 minutes. */
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
/** Failed requests are tried at most 3 times in total, never again on a 4xx. */
export const QUERY_MAX_ATTEMPTS = 3;

/** Toasts show one at a time for 5 seconds. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_VISIBLE_LIMIT = 1;

/** Redirect delay after a successful password update. */
export const PASSWORD_UPDATE_REDIRECT_MS = 800;

/** Theme: dark by default, stored locally under a fixed key. */
export const THEME_STORAGE_KEY = 'mnemo-theme';
export const DEFAULT_THEME = 'dark' as const;
export type Theme = 'light' | 'dark';

/** Where the post-login destination is kept between redirects (session storage). */
export const RETURN_TO_STORAGE_KEY = 'mnemo-return-to';
export const DEFAULT_RETURN_TO = '/dashboard';

/** Password rules (SPEC §5). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Deck defaults (SPEC §3, §9). */
export const DEFAULT_NEW_CARDS_PER_DAY = 20;
export const DEFAULT_MAX_REVIEWS_PER_DAY = 200;

/** The largest JSON body the API accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** OAuth providers the product offers (SPEC §9). */
export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
