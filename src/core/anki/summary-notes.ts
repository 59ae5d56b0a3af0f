/**
 * Issue 20 item 8: the import summary names each skipped or changed thing with the note it came
 * from: the note's first field as text, shortened ('“Mitochondria is the…”'), at most
 * {@link SUMMARY_NOTES_MAX} names per reason, then a count of the others.
 */
import { clozeFullText } from '../card-content/cloze';
import type { AnkiSummaryEntry } from './import-schemas';
import { stripHtml } from './templates';

/** How many notes a summary line names; the others are counted ('and 3 more'). */
export const SUMMARY_NOTES_MAX = 20;

/** How long a note's name is, in characters, before it is shortened with '…'. */
export const NOTE_LABEL_LENGTH = 30;

const textOf = (field: string): string =>
  clozeFullText(stripHtml(field.slice(0, 2000)))
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A note's name in the summary: its first field with text (an image-only field, or an Image
 * Occlusion note's mask data, is passed over) without HTML or cloze markup, spaces collapsed,
 * shortened to {@link NOTE_LABEL_LENGTH} characters, in quotes; 'a note without text' when no
 * field has any.
 */
export function noteLabel(fields: readonly string[]): string {
  const text = fields
    .slice(0, 10)
    .map(textOf)
    .find((value) => value !== '' && !value.startsWith('image-occlusion:'));
  if (text === undefined) return 'a note without text';
  const chars = [...text];
  const short =
    chars.length > NOTE_LABEL_LENGTH
      ? `${chars.slice(0, NOTE_LABEL_LENGTH).join('').trimEnd()}…`
      : text;
  return `“${short}”`;
}

/** Counts things by reason, in the order reasons are first met, naming their notes. */
export class SummaryTally {
  private readonly entries = new Map<
    string,
    { count: number; notes: string[]; seen: Set<string> }
  >();

  /** One more thing for `reason`; `note` names where it came from (counted once per name). */
  add(reason: string, note?: string, count = 1): void {
    let entry = this.entries.get(reason);
    if (!entry) {
      entry = { count: 0, notes: [], seen: new Set() };
      this.entries.set(reason, entry);
    }
    entry.count += count;
    if (note === undefined || entry.seen.has(note)) return;
    entry.seen.add(note);
    if (entry.notes.length < SUMMARY_NOTES_MAX) entry.notes.push(note);
  }

  /** The entries of the summary, in the order their reasons were first met. */
  list(): AnkiSummaryEntry[] {
    return [...this.entries].map(([reason, entry]) => ({
      reason,
      count: entry.count,
      notes: entry.notes,
      more_notes: entry.seen.size - entry.notes.length,
    }));
  }
}
