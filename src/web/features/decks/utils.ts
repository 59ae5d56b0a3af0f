import { isApiError } from '../../lib/api-client';

/** The server's message for a toast, or the spec's fallback (SPEC §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    // A missing route ('Not found', 405) says nothing useful to the user: use the fallback.
    const missingRoute =
      error.status === 405 || (error.status === 404 && error.message === 'Not found');
    if (missingRoute || error.status === 0) return fallback;
    // "front_content: Front content is required" reads better without the field name.
    return (
      error.message.replace(/^(?:front_content|back_content|name|description): /, '') || fallback
    );
  }
  return fallback;
}

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
