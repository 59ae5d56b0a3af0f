import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import {
  FILE_MESSAGES,
  fileBelongsToUser,
  parseStoredFilePath,
  type StoredFileInfo,
  storedFilePath,
} from '../../core/file-paths';
import {
  MAX_SOURCE_CHARACTERS,
  REQUEST_MESSAGES,
  type GenerationJob,
} from '../../core/generation-requests';
import type { Database } from '../db/database';
import { findOwnedDeckIds } from '../decks/decks.repository';
import type { CardKind, Strategy } from '../generation/generator';
import { findJobsByFilePaths } from '../generation/jobs.repository';
import { createJob } from '../generation/jobs.service';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { extractFileText, type FileKind } from '../intake/files';
import { checkStorageQuota, NO_QUOTAS, type Quotas } from '../quotas/quotas.service';
import type { FileStorage } from '../storage/storage';
import type { UploadedFile } from './multipart';

export const CONTENT_TYPES: Record<FileKind, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

const storageFailure = (message: (reason: string) => string, error: unknown) =>
  new HttpError(503, 'STORAGE_UNAVAILABLE', message((error as Error).message || 'storage error'));

const publicUrl = (path: string) => `/api/files/content?path=${encodeURIComponent(path)}`;

/**
 * From an uploaded file: the deck is checked first, then the file is read (its type decided by
 * its bytes, a .docx checked for zip bombs, parsing bounded in a worker), and only a file that
 * gave text is stored, under `{userId}/{timestamp}_{random}.{ext}`; the job records that path.
 * Any refusal stores nothing and creates no job.
 */
export async function createFileJob(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  input: { deckId: string; strategy: Strategy; cardTypes: CardKind[] },
  file: UploadedFile | null,
  now = new Date(),
  quotas: Quotas = NO_QUOTAS,
): Promise<GenerationJob> {
  if (!file || file.bytes.length === 0 || !file.filename) {
    throw badRequest(REQUEST_MESSAGES.selectFile, 'NO_FILE');
  }
  const owned = await findOwnedDeckIds(db, userId, [input.deckId]);
  if (!owned.has(input.deckId)) throw notFound(DECK_MESSAGES.notFoundOrDenied);

  const extracted = await extractFileText(
    { bytes: file.bytes, filename: file.filename, mimeType: file.mimeType },
    { maxChars: MAX_SOURCE_CHARACTERS },
  );

  const path = storedFilePath(userId, extracted.kind, now, randomBytes(8).toString('hex'));
  await checkStorageQuota(storage, userId, quotas, file.bytes.length).catch((error: unknown) => {
    throw error instanceof HttpError ? error : storageFailure(FILE_MESSAGES.upload, error);
  });
  try {
    await storage.put(path, file.bytes, CONTENT_TYPES[extracted.kind]);
  } catch (error) {
    throw storageFailure(FILE_MESSAGES.upload, error);
  }
  try {
    return await createJob(db, userId, {
      ...input,
      inputType: 'file',
      content: extracted.content,
      sourceFilePath: path,
      sourceTitle: file.filename.slice(0, 255),
      notes: extracted.truncated
        ? [
            `Only the first ${MAX_SOURCE_CHARACTERS.toLocaleString('en-US')} characters of the file are used`,
          ]
        : [],
    });
  } catch (error) {
    await storage.remove(path).catch(() => undefined);
    throw error;
  }
}

/** The user's stored files, newest first, with the names they were uploaded under. */
export async function listFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
): Promise<StoredFileInfo[]> {
  let objects: Awaited<ReturnType<FileStorage['list']>>;
  try {
    objects = await storage.list(`${userId}/`);
  } catch (error) {
    throw storageFailure(FILE_MESSAGES.list, error);
  }
  // Anki packages waiting for their import job ({userId}/imports/…) are not the user's files.
  const owned = objects.filter(
    (object) =>
      fileBelongsToUser(userId, object.path) && !object.path.startsWith(`${userId}/imports/`),
  );
  const jobs = new Map<string, { title: string | null; deckId: string }>();
  for (const job of await findJobsByFilePaths(
    db,
    userId,
    owned.map((object) => object.path),
  )) {
    if (job.source_file_path && !jobs.has(job.source_file_path)) {
      jobs.set(job.source_file_path, { title: job.source_title, deckId: job.deck_id });
    }
  }
  return owned
    .map((object) => ({
      name: parseStoredFilePath(object.path)?.name ?? object.path,
      size: object.size,
      createdAt: object.createdAt,
      updatedAt: object.updatedAt,
      path: object.path,
      publicUrl: publicUrl(object.path),
      title: jobs.get(object.path)?.title ?? null,
      deckId: jobs.get(object.path)?.deckId ?? null,
    }))
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** The ownership rule of SPEC §5: a path must begin with the user's own id. */
function ownPath(userId: string, path: string) {
  if (!fileBelongsToUser(userId, path))
    throw forbidden(FILE_MESSAGES.accessDenied, 'ACCESS_DENIED');
  return parseStoredFilePath(path) as NonNullable<ReturnType<typeof parseStoredFilePath>>;
}

/** `Content-Disposition` for a download under its upload name (RFC 6266, with a plain fallback). */
function attachment(name: string, fallback: string): string {
  const plain = /^[\x20-\x7e]+$/.test(name) && !/["\\]/.test(name) ? name : fallback;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A stored file's bytes, as a download named as it was uploaded. */
export async function downloadFile(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  path: string,
) {
  const parsed = ownPath(userId, path);
  let bytes: Uint8Array | null;
  try {
    bytes = await storage.get(path);
  } catch (error) {
    throw storageFailure(FILE_MESSAGES.download, error);
  }
  if (!bytes) throw notFound(FILE_MESSAGES.notFound);
  const [job] = await findJobsByFilePaths(db, userId, [path]);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': CONTENT_TYPES[parsed.extension],
      'content-length': String(bytes.length),
      'content-disposition': attachment(job?.source_title ?? parsed.name, parsed.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}

/** Removes one of the user's files ('Access denied: File does not belong to user' otherwise). */
export async function deleteFile(storage: FileStorage, userId: string, path: string) {
  ownPath(userId, path);
  let removed: boolean;
  try {
    removed = await storage.remove(path);
  } catch (error) {
    throw storageFailure(FILE_MESSAGES.remove, error);
  }
  if (!removed) throw notFound(FILE_MESSAGES.notFound);
  return { deleted: true, path };
}
