import { isMediaName } from '../../core/card-content/media';
import type { FileStorage } from '../storage/storage';
import { notFound } from '../http/errors';
import { mediaStoragePath } from './media-paths';

export const MEDIA_MESSAGES = { notFound: 'Media file not found' } as const;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
};

/**
 * One of the user's stored media files (`GET /api/media/{name}`), from their own folder only:
 * a malformed name, another user's file and a missing one all answer 404. A stored name never
 * changes its bytes (content-addressed), but the browser keeps none: a shared computer's cache
 * would show them after sign-out (issue 21).
 */
export async function serveMedia(
  storage: FileStorage,
  userId: string,
  name: string,
): Promise<Response> {
  if (!isMediaName(name)) throw notFound(MEDIA_MESSAGES.notFound);
  const bytes = await storage.get(mediaStoragePath(userId, name));
  if (bytes === null) throw notFound(MEDIA_MESSAGES.notFound);
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'content-length': String(bytes.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    },
  });
}
