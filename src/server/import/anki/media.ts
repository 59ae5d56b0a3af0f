/**
 * The media of an imported Anki package (issue 12), in two steps. In the import thread
 * (`collectPackageMedia`, called by convert.ts): every file a note refers to (`<img src>`,
 * `[sound:]`) is read from the package, judged by its bytes (`core/anki/media-type.ts`; SVG,
 * HTML and the unknown are refused) and named by its content (`<sha256>.<ext>`), and the note's
 * fields are rewritten to `mnemo-media:` references. On the main thread (`storeImportMedia`,
 * called by the job before its transaction): each file is stored once through the storage
 * adapter under `{userId}/media/<name>`, skipped when already there, so a re-import, or the same
 * picture in two packages, stores nothing new.
 *
 * Should the import's transaction fail after the files are stored, they stay as harmless
 * orphans: nobody else can reach them (served to the owner only) and a later import of the same
 * package finds them in place.
 */
import { createHash } from 'node:crypto';
import { ankiLatexImages } from '../../../core/anki/latex';
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

/**
 * A media file to store: its content-addressed name, the name the package gave it (kept, so an
 * export writes it under that name again: media-names.repository.ts), bytes and content type.
 */
export interface ImportMediaFile {
  name: string;
  originalName: string;
  bytes: Uint8Array;
  contentType: string;
}

/** A media file left out: why, the file's name and the first note showing it. */
export interface SkippedMedia {
  reason: string;
  file: string;
  note: AnkiNote;
}

/** The notes with their fields rewritten, the files to store, the media skipped. */
export interface CollectedMedia {
  notes: AnkiNote[];
  files: ImportMediaFile[];
  skipped: SkippedMedia[];
}

/** The phase the job shows while it stores the media ('Storing media 3 of 10'). */
export const STORING_MEDIA = 'Storing media';

/** The name Anki gives its picture of a LaTeX block (rslib/src/latex.rs `fname_for_latex`). */
export const ankiLatexFileName = (latex: string) =>
  `latex-${createHash('sha1').update(latex, 'utf8').digest('hex')}.png`;

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
 * Reads the media the notes refer to (within the package's unpacked budget, each file at most
 * MEDIA_FILE_MAX_BYTES) and rewrites their fields; a referenced file that is missing, too large
 * or of a refused type keeps its reference as text and is counted in `skipped`. No I/O but the
 * package's bytes: it runs in the import thread.
 */
export async function collectPackageMedia(
  packageBytes: Uint8Array,
  pkg: AnkiPackage,
  notes: AnkiNote[],
): Promise<CollectedMedia> {
  const skipped: SkippedMedia[] = [];
  const referenced = new Set<string>();
  // Anki's pictures of the LaTeX that KaTeX cannot render, when the package has them.
  const latexPictures = new Set<string>();
  const wantPicture = (latex: string) => {
    latexPictures.add(ankiLatexFileName(latex));
    return null;
  };
  for (const note of notes) {
    for (const field of note.fields) {
      for (const name of ankiMediaReferences(field)) referenced.add(name);
      ankiLatexImages(field, wantPicture);
    }
  }
  if (referenced.size === 0 && latexPictures.size === 0) return { notes, files: [], skipped };
  const wanted = new Set([...[...referenced].flatMap(spellings), ...latexPictures]);
  const media = await readPackageMedia(
    packageBytes,
    pkg.version,
    wanted,
    PACKAGE_LIMITS.maxUnpackedBytes - pkg.collection.length,
  );
  const files = new Map<string, ImportMediaFile>();
  const stored = new Map<string, string | null>();
  const reasons = new Map<string, string>();
  for (const [name, bytes] of media.files) {
    media.files.delete(name); // Held once: the original goes as its copy is made.
    const type = sniffMediaType(bytes);
    if (type === null) {
      stored.set(name, null);
      reasons.set(name, MEDIA_SKIPPED.refused);
      continue;
    }
    const storedName = `${createHash('sha256').update(bytes).digest('hex')}.${type.ext}`;
    // A copy of its own (not a view of a pooled buffer), so it can be moved out of the thread.
    if (!files.has(storedName)) {
      files.set(storedName, {
        name: storedName,
        originalName: name,
        bytes: new Uint8Array(bytes),
        contentType: type.contentType,
      });
    }
    stored.set(name, storedName);
  }
  for (const name of media.tooLarge) reasons.set(name, MEDIA_SKIPPED.tooLarge);

  const counted = new Set<string>();
  let current: AnkiNote | null = null;
  const resolve = (reference: string): string | null => {
    const names = spellings(reference);
    const found = names.find((name) => stored.get(name));
    if (found) return stored.get(found)!;
    const known = names.find((name) => reasons.has(name)) ?? names[0]!;
    if (!counted.has(known)) {
      counted.add(known);
      const reason = reasons.get(known) ?? MEDIA_SKIPPED.missing;
      if (current) skipped.push({ reason, file: known, note: current });
    }
    return null;
  };
  const picture = (latex: string) => {
    const name = ankiLatexFileName(latex);
    return stored.get(name) ? name : null;
  };
  const pictures = [...latexPictures].some((name) => stored.get(name));
  const rewritten = notes.map((note) => {
    current = note;
    return {
      ...note,
      fields: note.fields.map(
        (field) =>
          rewriteAnkiMedia(pictures ? ankiLatexImages(field, picture) : field, resolve).html,
      ),
    };
  });
  return { notes: rewritten, files: [...files.values()], skipped };
}

/**
 * Stores the collected files under `{userId}/media/`, one by one, skipping those already there
 * (content-addressed: the same name is the same bytes). Stops when `signal` aborts (the job's
 * deadline or lost lease). Answers how many files were newly written.
 */
export async function storeImportMedia(
  storage: FileStorage,
  userId: string,
  files: readonly ImportMediaFile[],
  options: {
    signal: AbortSignal;
    onProgress: (phase: string, done: number, total: number) => void;
  },
): Promise<number> {
  let written = 0;
  for (const [index, file] of files.entries()) {
    options.signal.throwIfAborted();
    options.onProgress(STORING_MEDIA, index, files.length);
    const path = mediaStoragePath(userId, file.name);
    if (await storage.exists(path)) continue;
    await storage.put(path, file.bytes, file.contentType);
    written++;
  }
  options.onProgress(STORING_MEDIA, files.length, files.length);
  return written;
}
