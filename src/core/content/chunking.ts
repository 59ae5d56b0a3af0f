import { trimChars } from './scan';

/** Sentences with their trailing punctuation and spaces: each character is read once. */
export const SENTENCE_PIECES = /[^.!?]+(?:[.!?]+|$)\s*/g;
/** Whitespace between words. */
export const WORD_GAPS = /\s+/;

/** A part of a content sent to a model at once, with the heading of the section it is in. */
export interface ContentChunk {
  text: string;
  /**
   * The path of the section the chunk starts in ('Photosynthesis › Light reactions': the
   * headings above it, then its own), or null before the first heading.
   */
  heading: string | null;
  /** True when the chunk starts inside its section (after the heading, in an earlier chunk). */
  continues: boolean;
  /** The document's title, when known (the LLM's prompt names it). */
  title?: string | null;
}

interface Section {
  heading: string | null;
  paragraphs: string[];
}

/** Longest line read as a section title when it stands alone without final punctuation. */
const TITLE_CHARACTERS = 80;

/** A Markdown ATX heading: up to 3 spaces, 1 to 6 '#', then a space or the line's end. */
function isMarkdownHeading(line: string): boolean {
  let at = 0;
  while (at < 3 && line[at] === ' ') at++;
  let hashes = 0;
  while (line[at + hashes] === '#') hashes++;
  const after = line[at + hashes];
  return hashes >= 1 && hashes <= 6 && (after === undefined || after === ' ' || after === '\t');
}

/** The level of a Markdown heading (its number of '#'). */
function headingLevelOf(line: string): number {
  const start = line.indexOf('#');
  let hashes = 0;
  while (line[start + hashes] === '#') hashes++;
  return hashes;
}

/**
 * True when a paragraph (a block between blank lines) reads as a section title: one short
 * line with a letter, not ending in punctuation that ends or continues a sentence, and not a
 * list item or quotation.
 */
export function isSectionTitle(paragraph: string): boolean {
  if (paragraph.length > TITLE_CHARACTERS || paragraph.includes('\n')) return false;
  if (isMarkdownHeading(paragraph)) return true;
  if (!/\p{L}/u.test(paragraph) || '.!?,;:'.includes(paragraph.at(-1) ?? '.')) return false;
  return !'-*•>|`+'.includes(paragraph[0] ?? '-');
}

/**
 * The sections of a content, in one pass over its lines: a Markdown heading, or a short
 * unpunctuated line standing alone before a blank line, starts one. Paragraphs are trimmed
 * and kept in order; no text is lost.
 */
function sectionsOf(content: string): Section[] {
  const sections: Section[] = [{ heading: null, paragraphs: [] }];
  let lines: string[] = [];
  const current = () => sections[sections.length - 1] as Section;
  // The headings above the current one, by level (a title line without '#' is the deepest).
  const above: { level: number; title: string }[] = [];
  const startSection = (title: string, level: number) => {
    const name = trimChars(title, '#', '#');
    while ((above.at(-1)?.level ?? 0) >= level) above.pop();
    if (name) above.push({ level, title: name });
    const heading = above.map((item) => item.title).join(' › ') || null;
    if (current().paragraphs.length === 0) current().heading = heading;
    else sections.push({ heading, paragraphs: [] });
  };
  const flush = (beforeBlankLine: boolean) => {
    const paragraph = lines.join('\n').trim();
    lines = [];
    if (!paragraph) return;
    if (beforeBlankLine && isSectionTitle(paragraph)) {
      startSection(paragraph, isMarkdownHeading(paragraph) ? headingLevelOf(paragraph) : 7);
    }
    current().paragraphs.push(paragraph);
  };
  for (const line of content.split('\n')) {
    if (line.trim() === '') flush(true);
    else if (isMarkdownHeading(line)) {
      flush(false);
      startSection(line, headingLevelOf(line));
      current().paragraphs.push(line.trim());
    } else lines.push(line);
  }
  flush(false);
  return sections.filter((section) => section.paragraphs.length > 0);
}

/**
 * Splits content into chunks of at most `maxCharacters` that follow its sections: whole
 * sections go together while they fit, a new chunk starts at a heading rather than inside a
 * section, and a section too long for one chunk is cut on paragraph boundaries (a paragraph
 * longer than that between sentences, a sentence between words), each of its chunks carrying
 * the section's heading. No text is lost and the order is kept.
 */
export function chunkContent(content: string, maxCharacters: number): ContentChunk[] {
  const chunks: ContentChunk[] = [];
  let current: ContentChunk | null = null;
  const add = (text: string, heading: string | null, continues: boolean) => {
    if (current && current.text.length + 2 + text.length <= maxCharacters) {
      current.text += `\n\n${text}`;
      return;
    }
    if (current) chunks.push(current);
    current = { text, heading, continues };
  };
  for (const section of sectionsOf(content)) {
    const text = section.paragraphs.join('\n\n');
    if (text.length <= maxCharacters) {
      add(text, section.heading, false);
      continue;
    }
    if (current) chunks.push(current);
    current = null;
    const pieces = section.paragraphs.flatMap((paragraph) => splitLong(paragraph, maxCharacters));
    pieces.forEach((piece, at) => add(piece, section.heading, at > 0));
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(SENTENCE_PIECES) ?? [text];
  const out: string[] = [];
  let current = '';
  for (const raw of sentences) {
    const sentence = raw.trim();
    if (!sentence) continue;
    const parts = sentence.length > max ? splitWords(sentence, max) : [sentence];
    for (const part of parts) {
      const joined = current ? `${current} ${part}` : part;
      if (joined.length <= max) current = joined;
      else {
        if (current) out.push(current);
        current = part;
      }
    }
  }
  if (current) out.push(current);
  return out;
}

function splitWords(text: string, max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(WORD_GAPS)) {
    if (word.length > max) {
      if (current) out.push(current);
      current = '';
      for (let index = 0; index < word.length; index += max)
        out.push(word.slice(index, index + max));
      continue;
    }
    const joined = current ? `${current} ${word}` : word;
    if (joined.length <= max) current = joined;
    else {
      out.push(current);
      current = word;
    }
  }
  if (current) out.push(current);
  return out;
}
