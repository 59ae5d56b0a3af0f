/**
 * The media of an imported Anki package (issue 12): every file a note refers to (`<img src>`,
 * `[sound:]`) is judged by its bytes (`core/anki/media-type.ts`; SVG, HTML and the unknown are
 * refused), stored once through the storage adapter under `{userId}/media/<sha256>.<ext>`, and
 * the note's fields are rewritten to `mnemo-media:` references. Content addressing makes a
 * re-import, or the same picture in two packages, store nothing new.
 *
 * The files are stored before the import's transaction. Should that transaction fail, the files
 * stay as harmless orphans: nobody else can reach them (served to the owner only) and a later
 * import of the same package finds them in place.
 */
import { createHash } from 'node:crypto';
import { ankiMediaReferences, rewriteAnkiMedia } from '../../../core/anki/media-references';
import { sniffMediaType } from '../../../core/anki/media-type';
import { mediaStoragePath } from '../../media/media-paths';
import type { FileStorage } from '../../storage/storage';
import type { AnkiNote } from './collection';
import type { AnkiPackage } from './package';
import { PACKAGE_LIMITS } from './package';
import { MEDIA_FILE_MAX_BYTES, readPackageMedia } from './package-media';

export const MEDIA_SKIPPED = {
  missing: 'Media files the cards refer to are missing from the package',
  refused:
    'Media files of a type Mnemo does not show (it shows PNG, JPEG, GIF, WebP, MP3, Ogg, WAV and M4A)',
  tooLarge: `Media files larger than ${MEDIA_FILE_MAX_BYTES / 1024 / 1024} MB`,
} as const;

/** The notes with their fields rewritten, and the media skipped (reason → distinct files). */
export interface ImportedMedia {
  notes: AnkiNote[];
  skipped: Map<string, number>;
}

/** The spellings a field may use for a file of the media map: as written, NFC, URL-decoded. */
function spellings(name: string): string[] {
  const nfc = name.normalize('NFC');
  let decoded = nfc;
  try {
    decoded = decodeURIComponent(nfc);
  } catch {
    // Not URL-encoded.
  }
  return [...new Set([nfc, decoded.normalize('NFC')])];
}

/**
 * Stores the media the notes refer to and rewrites their fields; a referenced file that is
 * missing, too large or of a refused type keeps its reference as text and is counted.
 */
export async function importPackageMedia(
  storage: FileStorage,
  userId: string,
  packageBytes: Uint8Array,
  pkg: AnkiPackage,
  notes: AnkiNote[],
): Promise<ImportedMedia> {
  const skipped = new Map<string, number>();
  const referenced = new Set<string>();
  for (const note of notes) {
    for (const field of note.fields) {
      for (const name of ankiMediaReferences(field)) referenced.add(name);
    }
  }
  if (referenced.size === 0) return { notes, skipped };
  const wanted = new Set([...referenced].flatMap(spellings));
  const media = await readPackageMedia(
    packageBytes,
    pkg.version,
    wanted,
    PACKAGE_LIMITS.maxUnpackedBytes - pkg.collection.length,
  );
  const stored = new Map<string, string | null>();
  const reasons = new Map<string, string>();
  for (const [name, bytes] of media.files) {
    const type = sniffMediaType(bytes);
    if (type === null) {
      stored.set(name, null);
      reasons.set(name, MEDIA_SKIPPED.refused);
      continue;
    }
    const storedName = `${createHash('sha256').update(bytes).digest('hex')}.${type.ext}`;
    await storage.put(mediaStoragePath(userId, storedName), bytes, type.contentType);
    stored.set(name, storedName);
  }
  for (const name of media.tooLarge) reasons.set(name, MEDIA_SKIPPED.tooLarge);

  const counted = new Set<string>();
  const resolve = (reference: string): string | null => {
    const names = spellings(reference);
    const found = names.find((name) => stored.get(name));
    if (found) return stored.get(found)!;
    const known = names.find((name) => reasons.has(name)) ?? names[0]!;
    if (!counted.has(known)) {
      counted.add(known);
      const reason = reasons.get(known) ?? MEDIA_SKIPPED.missing;
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
    }
    return null;
  };
  const rewritten = notes.map((note) => ({
    ...note,
    fields: note.fields.map((field) => rewriteAnkiMedia(field, resolve).html),
  }));
  return { notes: rewritten, skipped };
}
