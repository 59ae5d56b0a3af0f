/**
 * Card tags, as Anki keeps them: words without spaces ('biology', 'ch03', 'lang::verbs'), stored
 * in one column separated by single spaces. Duplicates are dropped case-insensitively (the first
 * spelling is kept), as Anki does.
 */
export const TAG_MAX_LENGTH = 100;
export const TAGS_MAX = 50;

export const TAG_MESSAGES = {
  tooLong: `A tag must be at most ${TAG_MAX_LENGTH} characters`,
  tooMany: `A card can have at most ${TAGS_MAX} tags`,
} as const;

/** Tags from a list or a string: split on white space, trimmed, empty and repeated ones out. */
export function normalizeTags(input: readonly string[] | string): string[] {
  const words = (typeof input === 'string' ? [input] : input).flatMap((item) => item.split(/\s+/u));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const word of words) {
    const tag = word.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** The stored form: tags separated by single spaces ('' for none). */
export const tagsToColumn = (tags: readonly string[]): string => normalizeTags(tags).join(' ');

export const tagsFromColumn = (column: string | null | undefined): string[] =>
  column ? normalizeTags(column) : [];
