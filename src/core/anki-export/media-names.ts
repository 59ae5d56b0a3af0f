/**
 * The names media files get in an exported package (issue 20 item 7: media keep their original
 * file names). Mnemo stores a file under its content's name (`<sha256>.<ext>`); a file that
 * came from an Anki package remembers the name it had there, and goes back out under it, made
 * safe for Anki and unique within the package. A file without a known name keeps its stored one.
 */

/**
 * A media file's name as Anki accepts it in a current package: NFC (Anki refuses the whole
 * package if a name differs from its normalized form), without path separators or the
 * characters Anki strips; null when nothing usable is left.
 */
export function ankiMediaName(name: string): string | null {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f\x7f[\]<>:"/?*^\\|]/g, '')
    .replace(/[. ]+$/, '');
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return null;
  return /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(cleaned) ? null : cleaned;
}

/** Anki shortens longer names (rslib/src/media/files.rs, MAX_FILENAME_LENGTH). */
const MAX_NAME_BYTES = 120;

/** Other spellings of a stored extension that name the same kind of file. */
const SAME_EXTENSION: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  ogg: ['ogg', 'oga', 'opus'],
  m4a: ['m4a', 'mp4', 'aac'],
};

/** A name's extension as written ('' without one). */
const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
};

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/** `stem` cut (on a character boundary) so that `stem + tail` fits Anki's name length. */
function fit(stem: string, tail: string): string {
  const budget = MAX_NAME_BYTES - bytes(tail);
  let out = '';
  for (const char of stem) {
    if (bytes(out + char) > budget) break;
    out += char;
  }
  return out + tail;
}

/** The original name made safe, ending in an extension of the stored file's kind; or null. */
function safeOriginal(original: string, stored: string): string | null {
  const cleaned = ankiMediaName(original);
  if (cleaned === null) return null;
  const ext = extensionOf(stored);
  const own = extensionOf(cleaned);
  const same = (SAME_EXTENSION[ext] ?? [ext]).includes(own.toLowerCase());
  const stem = same ? cleaned.slice(0, cleaned.length - own.length - 1) : cleaned;
  const name = fit(stem, `.${same ? own : ext}`);
  return ankiMediaName(name) === name ? name : null;
}

/**
 * The package name of each stored file in `stored`: its original name (`originals`, by stored
 * name) where known and usable, else the stored name. Names are unique in the package, also
 * ignoring case (Anki's media folder may be on a case-insensitive disk): a later file whose
 * name is taken gets its content hash's first digits added (`photo-1a2b3c4d.png`).
 */
export function packageMediaNames(
  stored: readonly string[],
  originals: ReadonlyMap<string, string>,
): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const key = (name: string) => name.toLowerCase();
  for (const name of stored) {
    if (names.has(name)) continue;
    const original = originals.get(name);
    const safe = original === undefined ? null : safeOriginal(original, name);
    const ext = extensionOf(name);
    const candidates = [name];
    if (safe !== null) {
      const own = extensionOf(safe);
      const stem = safe.slice(0, safe.length - own.length - 1);
      candidates.unshift(safe, fit(stem, `-${name.slice(0, 8)}.${own || ext}`));
    }
    let chosen = candidates.find((candidate) => !taken.has(key(candidate)));
    for (let n = 2; chosen === undefined; n++) {
      const candidate = `${name.slice(0, name.length - ext.length - 1)}-${n}.${ext}`;
      if (!taken.has(key(candidate))) chosen = candidate;
    }
    taken.add(key(chosen));
    names.set(name, chosen);
  }
  return names;
}
