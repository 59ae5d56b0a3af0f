import { splitParagraphs } from './scan';

/** Sentences with their trailing punctuation and spaces: each character is read once. */
export const SENTENCE_PIECES = /[^.!?]+(?:[.!?]+|$)\s*/g;
/** Whitespace between words. */
export const WORD_GAPS = /\s+/;

/**
 * Splits long content into chunks of at most `maxCharacters` on paragraph boundaries (blank
 * lines); a paragraph longer than that is cut between sentences, and a sentence longer than
 * that is cut between words. No text is lost and the order is kept.
 */
export function chunkContent(content: string, maxCharacters: number): string[] {
  const paragraphs = splitParagraphs(content);
  const pieces = paragraphs.flatMap((paragraph) => splitLong(paragraph, maxCharacters));
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current ? `${current}\n\n${piece}` : piece;
    if (joined.length <= maxCharacters) {
      current = joined;
    } else {
      if (current) chunks.push(current);
      current = piece;
    }
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
