/** The server's message for a toast, or the spec's fallback (SPEC §8). */
export { errorMessage } from '../../lib/api-client';

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
