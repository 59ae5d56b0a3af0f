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

const patterns = APP_PATHS.map((pattern) => pattern.split('/').filter(Boolean));

/** Whether a request path is one of the app's pages (a trailing slash is allowed). */
export function isAppPath(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  return patterns.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((part, index) => part.startsWith(':') || part === parts[index]),
  );
}
