/**
 * The web app's pages (src/web/app/router.tsx): the server answers 404 for any other path,
 * still with the app, which shows its own 404 page (issue 19). `app-paths.test.ts` checks this
 * list against the router.
 */
export const APP_PATHS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/auth/callback',
  '/auth/reset-password',
  '/dashboard',
  '/deck/:deckId',
  '/deck/:deckId/learn',
  '/deck/:deckId/review/:jobId',
  '/stats',
  '/settings',
] as const;

export type AppPath = (typeof APP_PATHS)[number];

/**
 * The module each page loads on demand (the router's `lazy: () => import('./routes/…')`), as the
 * build's manifest names it: the server lists its chunks in the page's HTML so the browser
 * fetches them beside the entry instead of after it. The landing page is in the entry.
 */
export const PAGE_MODULES: Partial<Record<AppPath, string>> = {
  '/login': 'app/routes/login.tsx',
  '/signup': 'app/routes/login.tsx',
  '/forgot-password': 'app/routes/forgot-password.tsx',
  '/auth/callback': 'app/routes/auth-callback.tsx',
  '/auth/reset-password': 'app/routes/reset-password.tsx',
  '/dashboard': 'app/routes/dashboard.tsx',
  '/deck/:deckId': 'app/routes/deck.tsx',
  '/deck/:deckId/learn': 'app/routes/learn.tsx',
  '/deck/:deckId/review/:jobId': 'app/routes/review.tsx',
  '/stats': 'app/routes/stats.tsx',
  '/settings': 'app/routes/settings.tsx',
};

const patterns = APP_PATHS.map((pattern) => ({
  pattern,
  parts: pattern.split('/').filter(Boolean),
}));

/** The app's page a request path shows (a trailing slash is allowed), or undefined. */
export function matchAppPath(pathname: string): AppPath | undefined {
  const parts = pathname.split('/').filter(Boolean);
  return patterns.find(
    (candidate) =>
      candidate.parts.length === parts.length &&
      candidate.parts.every((part, index) => part.startsWith(':') || part === parts[index]),
  )?.pattern;
}

/** Whether a request path is one of the app's pages (a trailing slash is allowed). */
export function isAppPath(pathname: string): boolean {
  return matchAppPath(pathname) !== undefined;
}
