/**
 * Mnemo deck names as the names of an Anki collection's decks (issue 20 item 9). Anki keeps a
 * deck's name as its `::`-separated parts and requires (rslib/src/decks/name.rs,
 * `normalized_deck_name_component`, and the `decks` table's `name … unique collate unicase`):
 * each part in NFC without ASCII control characters or `"`, trimmed, an empty part written as
 * `blank`; names unique ignoring case (Unicode case, so `Ünï` and `ÜNÏ` are one name), deck 1 being
 * `Default`. A second deck whose name is taken gets `+` added until it is free, as Anki's
 * `ensure_deck_name_unique` does; a parent part spelled in another case is written as the first
 * deck that used it spelled it, since Anki would file the child under that deck. No depth limit.
 */

/** Anki's name of deck 1, which every collection has. */
export const ANKI_DEFAULT_DECK = 'Default';

// eslint-disable-next-line no-control-regex -- Anki removes ASCII control characters
const INVALID = /[\x00-\x1f\x7f"]/g;

/** One part of a name as Anki normalises it. */
export function ankiDeckNamePart(part: string): string {
  const clean = part.normalize('NFC').replace(INVALID, '').trim();
  return clean === '' ? 'blank' : clean;
}

/** Unicode case folding, near enough to the `unicase` collation (ß, ẞ and SS are one). */
const fold = (name: string) => name.toUpperCase().toLowerCase();

/** The Anki names of `names` (Mnemo's, in order): valid, unique, and never `Default`. */
export function ankiDeckNames(names: readonly string[]): string[] {
  const taken = new Set([fold(ANKI_DEFAULT_DECK)]);
  const spelling = new Map<string, string>([[fold(ANKI_DEFAULT_DECK), ANKI_DEFAULT_DECK]]);
  return names.map((name) => {
    const parts = name.split('::').map(ankiDeckNamePart);
    // Parents as already spelled (Anki finds a parent by name, ignoring case).
    let parent = '';
    for (const part of parts.slice(0, -1)) {
      const path = parent === '' ? part : `${parent}::${part}`;
      parent = spelling.get(fold(path)) ?? path;
      if (!spelling.has(fold(parent))) spelling.set(fold(parent), parent);
    }
    const path = parent === '' ? parts.at(-1)! : `${parent}::${parts.at(-1)!}`;
    // A deck some deck before named as its parent (and no deck took yet) is that parent.
    let full = taken.has(fold(path)) ? path : (spelling.get(fold(path)) ?? path);
    while (taken.has(fold(full))) full += '+';
    taken.add(fold(full));
    if (!spelling.has(fold(full))) spelling.set(fold(full), full);
    return full;
  });
}
