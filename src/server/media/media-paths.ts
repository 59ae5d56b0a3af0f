/**
 * Where a user's stored media (images and audio from Anki packages) live in the file storage:
 * `{userId}/media/<sha256>.<ext>`, content-addressed, so the same file is stored once per user.
 * Uploads live beside them (`{userId}/{timestamp}_{random}.{ext}`, `core/file-paths.ts`) and
 * never match this shape, so the uploads list does not show media.
 */
import { isMediaName } from '../../core/card-content/media';

/** The storage path of a stored media file of this user. */
export function mediaStoragePath(userId: string, name: string): string {
  if (!isMediaName(name)) throw new Error(`Not a stored media name: ${name}`);
  return `${userId}/media/${name}`;
}

/** The folder (prefix) of this user's media. */
export const mediaPrefix = (userId: string): string => `${userId}/media/`;
