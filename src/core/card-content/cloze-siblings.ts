/**
 * Cloze siblings: a cloze note with deletions c1…cN is N cards, one per number, sharing a
 * `note_id` (docs/decisions/0003-cloze-cards.md). Pure planning of which cards an edit keeps,
 * adds and removes.
 */
import { clozeNumbers } from './cloze';

/** What an edit of a note does to its cards, by cloze number (each list ascending). */
export interface SiblingPlan {
  /** Numbers that had a card and still have one: the card keeps its schedule. */
  keep: number[];
  /** New numbers: a new card each, in the new state. */
  add: number[];
  /** Numbers that are gone: their cards (and review history) go, after a confirmation. */
  remove: number[];
}

/**
 * Plans the cards of a cloze note after an edit.
 *
 * @param oldNumbers The cloze numbers that have a card now (any order; empty for a new note).
 * @param newText The note's new text; `null` when the note stops being a cloze (no card kept
 *   as a sibling: the caller keeps one card as a Q&A card).
 */
export function planClozeSiblings(
  oldNumbers: readonly number[],
  newText: string | null,
): SiblingPlan {
  const before = new Set(oldNumbers);
  const after = new Set(newText === null ? [] : clozeNumbers(newText));
  const ascending = (values: Iterable<number>) => [...values].sort((a, b) => a - b);
  return {
    keep: ascending([...after].filter((number) => before.has(number))),
    add: ascending([...after].filter((number) => !before.has(number))),
    remove: ascending([...before].filter((number) => !after.has(number))),
  };
}

/** 'cloze 2', 'clozes 2 and 3', 'clozes 1, 2 and 4'. */
function clozeList(numbers: readonly number[]): string {
  const names = numbers.map(String);
  const last = names.pop() ?? '';
  return names.length === 0 ? `cloze ${last}` : `clozes ${names.join(', ')} and ${last}`;
}

/**
 * The refusal of an edit that would remove cards (HTTP 409 until the request confirms), e.g.
 * 'This edit removes cloze 2 and its card with its review history. Confirm to continue.'
 */
export function clozeRemovalMessage(numbers: readonly number[]): string {
  const what =
    numbers.length === 1
      ? `${clozeList(numbers)} and its card with its review history`
      : `${clozeList(numbers)} and their ${numbers.length} cards with their review history`;
  return `This edit removes ${what}. Confirm to continue.`;
}

/**
 * Which deletion a sibling asks, for card lists: 'Cloze 2 of 3' when the note numbers its
 * deletions 1…N, 'Cloze 4' otherwise (a note with c1 and c4), and just 'Cloze' for a note with
 * one deletion.
 *
 * @param number The card's cloze number.
 * @param text The note's text (the card's front).
 */
export function clozeLabel(number: number, text: string): string {
  const numbers = clozeNumbers(text);
  if (numbers.length <= 1) return 'Cloze';
  const contiguous = numbers.every((value, index) => value === index + 1);
  return contiguous && numbers.includes(number)
    ? `Cloze ${number} of ${numbers.length}`
    : `Cloze ${number}`;
}
