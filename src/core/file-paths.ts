/**
 * Stored file paths (SPEC §7 Storage): `{userId}/{timestamp}_{random}.{ext}`. Pure: the clock and
 * the random part are given. A path belongs to the user whose id is its first segment, and only
 * paths of exactly this shape are ever read, listed or removed, so no path can climb out of its
 * folder.
 */

export const STORED_FILE_EXTENSIONS = ['txt', 'md', 'pdf', 'docx', 'doc'] as const;
export type StoredFileExtension = (typeof STORED_FILE_EXTENSIONS)[number];

export const FILE_MESSAGES = {
  accessDenied: 'Access denied: File does not belong to user',
  notFound: 'File information not found',
  upload: (message: string) => `Failed to upload file: ${message}`,
  download: (message: string) => `Failed to download file: ${message}`,
  remove: (message: string) => `Failed to delete file: ${message}`,
  list: (message: string) => `Failed to list files: ${message}`,
} as const;

const SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;
const NAME = /^(\d{13})_([a-z0-9]{6,32})\.(txt|md|pdf|docx|doc)$/;

/** The path a new upload of this user is stored under. */
export function storedFilePath(
  userId: string,
  extension: StoredFileExtension,
  now: Date,
  random: string,
): string {
  if (!SEGMENT.test(userId)) throw new Error('A user id cannot be a path segment');
  const suffix = random.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (suffix.length < 6) throw new Error('The random part needs at least 6 letters or digits');
  return `${userId}/${String(now.getTime()).padStart(13, '0')}_${suffix.slice(0, 32)}.${extension}`;
}

export interface ParsedFilePath {
  userId: string;
  name: string;
  extension: StoredFileExtension;
  uploadedAt: Date;
}

/** Splits a stored path into its parts; null when it is not of the stored shape. */
export function parseStoredFilePath(path: string): ParsedFilePath | null {
  const parts = path.split('/');
  if (parts.length !== 2) return null;
  const [userId, name] = parts as [string, string];
  if (!SEGMENT.test(userId)) return null;
  const match = NAME.exec(name);
  if (!match) return null;
  return {
    userId,
    name,
    extension: match[3] as StoredFileExtension,
    uploadedAt: new Date(Number(match[1])),
  };
}

/** True when the path is a well-formed stored path in this user's own folder. */
export function fileBelongsToUser(userId: string, path: string): boolean {
  return parseStoredFilePath(path)?.userId === userId;
}

/** Stored file info as the API lists it (SPEC §3), with the upload's own name and its deck. */
export interface StoredFileInfo {
  name: string;
  size: number;
  createdAt: string;
  updatedAt: string;
  path: string;
  /** Where the owner can download it (needs their session). */
  publicUrl: string;
  /** The name the file had when it was uploaded, and the deck it was for (from its job). */
  title: string | null;
  deckId: string | null;
}
