import { isSectionTitle } from '../content/chunking';
import { trimChars } from '../content/scan';
import { splitProseSentences } from './sentences';
import {
  GLOSSARY_HEADINGS,
  glossaryTerm,
  markedTermsOf,
  sentenceMarks,
  termTableEntries,
} from './signals';

/**
 * The document reader: a text's structure before any card is written. Headings (Markdown `#`,
 * underlined, or a short unpunctuated line on its own), paragraphs (hard-wrapped lines joined,
 * hyphenated line ends mended), list items, tables, fenced or code-shaped blocks, quotations and
 * references (a bibliography section, or a paragraph shaped like a citation). Cards come from
 * prose only. One pass over the lines; each line is looked at a bounded number of times.
 */

export type BlockKind =
  'heading' | 'paragraph' | 'list-item' | 'table' | 'code' | 'quote' | 'reference';

export interface Block {
  kind: BlockKind;
  /** The block's text on one line (wraps joined). */
  text: string;
  /** The section it belongs to (index into `sections`). */
  section: number;
  /** Sentences of prose blocks (paragraphs and list items); empty for the others. */
  sentences: string[];
  /** Per sentence, the terms the document marks in it (bold, `<strong>`, term markup). */
  marked?: string[][];
  /** True for the entries of a glossary or 'Key Terms' section. */
  glossary?: boolean;
}

export interface Section {
  heading: string | null;
  /** 1 for a title, 2+ below it; 0 for the text before any heading. */
  level: number;
  blocks: Block[];
}

export interface DocumentModel {
  sections: Section[];
  blocks: Block[];
}

const REFERENCE_HEADINGS =
  /^(?:references|bibliography|works cited|sources|notes|footnotes|further reading|see also|external links|citations|literature)$/i;
const LIST_MARKER = /^(?:[-*+•◦▪]|\d{1,3}[.)]|[a-z][.)])\s+/;
const FENCE = /^(?:```|~~~)/;

/** Lines that read as code: symbols and shapes prose does not have. */
export function looksLikeCode(line: string): boolean {
  // Long lines are prose or data; the shape patterns below are for lines a person writes.
  if (line.length > 400) return symbolShare(line) > 0.12;
  // Inline emphasis ('<b>Matter</b> is …', '<strong>') opens prose, not markup.
  if (
    /^(?:\$|>>>|#include|\/\/|\/\*|<\/?(?!(?:b|strong|em|i|span|term)\b)[a-z][\w-]*[\s>/])/.test(
      line,
    )
  ) {
    return true;
  }
  if (/[;{}]\s*$/.test(line) || /^[}\])]/.test(line)) return true;
  if (
    /^(?:fn|let|const|var|import|export|use|pub|def|class|struct|impl|return|if|for|while)\b.*[=({:;]/.test(
      line,
    )
  ) {
    return true;
  }
  if (/\w\(.*\)\s*;?$/.test(line) && !/[.!?]$/.test(line)) return true;
  if (/(?:::|=>|->|\+=|==|!=|&&|\|\||:=)/.test(line) && !/[.!?]["')]?$/.test(line)) return true;
  return symbolShare(line) > 0.12;
}

function symbolShare(line: string): number {
  let symbols = 0;
  for (const char of line) if ('{}[]()<>=;:$_#|&*\\/`'.includes(char)) symbols++;
  return line.length > 0 ? symbols / line.length : 0;
}

/** A paragraph shaped like a citation: pages, volumes, ISBN, DOI, publisher and year. */
export function looksLikeReference(text: string): boolean {
  if (/\b(?:ISBN|doi:|DOI|ISSN|arXiv:)/.test(text)) return true;
  let marks = 0;
  if (/\bpp?\.\s*\d/.test(text)) marks++;
  if (/\b(?:[Vv]ol|[Nn]o)\.\s*\d/.test(text)) marks++;
  if (/\((?:19|20)\d\d[a-z]?\)/.test(text)) marks++;
  if (/\b(?:Press|Publishing|Publishers|Journal|Proceedings|Retrieved|Accessed)\b/.test(text))
    marks++;
  if (/\bet al\./.test(text)) marks++;
  return marks >= 2;
}

/** Joins hard-wrapped lines: a hyphen at a line end before a lower-case letter is mended. */
export function joinLines(lines: string[]): string {
  let text = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!text) text = line;
    else if (/[\p{Ll}]-$/u.test(text) && /^\p{Ll}/u.test(line)) text = text.slice(0, -1) + line;
    else text = `${text} ${line}`;
  }
  return text;
}

/**
 * A paragraph that is a heading: what the LLM chunks call a section title (one short line, no
 * sentence punctuation at its end; `isSectionTitle`), starting with a capital or a digit and
 * not shaped like code. A question on its own line heads the answer that follows (FAQs).
 */
function isPlainHeading(lines: string[], nextIsBody: boolean): boolean {
  if (lines.length !== 1) return false;
  const line = (lines[0] as string).trim();
  if (line.split(/\s+/).length > 12 || !/^[\p{Lu}\d]/u.test(line)) return false;
  if (line.endsWith('?')) return nextIsBody && line.length <= 90;
  return isSectionTitle(line) && !looksLikeCode(line);
}

interface RawBlock {
  lines: string[];
  fenced: boolean;
}

/** Blank-line separated blocks; a fenced code block is one block whatever it holds. */
function rawBlocks(text: string): RawBlock[] {
  const out: RawBlock[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = (fenced = false) => {
    if (current.length > 0) out.push({ lines: current, fenced });
    current = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (fence) {
      current.push(line);
      if (trimmed.startsWith(fence)) {
        fence = null;
        flush(true);
      }
      continue;
    }
    if (FENCE.test(trimmed)) {
      flush();
      fence = trimmed.slice(0, 3);
      current.push(line);
      continue;
    }
    if (trimmed === '') flush();
    else if (/^#{1,6}\s/.test(trimmed) || /^(?:=+|-+)$/.test(trimmed)) {
      // A Markdown heading or an underline ends the block before it.
      if (/^#{1,6}\s/.test(trimmed)) {
        flush();
        current.push(trimmed);
        flush();
      } else {
        current.push(trimmed);
        flush();
      }
    } else current.push(line);
  }
  flush(fence !== null);
  return out;
}

/** Reads a text into sections and blocks. */
export function readDocument(text: string): DocumentModel {
  const sections: Section[] = [{ heading: null, level: 0, blocks: [] }];
  const blocks: Block[] = [];
  let inReferences = false;
  let inGlossary = false;
  const raws = rawBlocks(text);
  const add = (kind: BlockKind, body: string, sentences: string[] = []) => {
    const section = sections.length - 1;
    const block: Block = { kind, text: body, section, sentences };
    (sections[section] as Section).blocks.push(block);
    blocks.push(block);
  };
  const openSection = (heading: string, level: number) => {
    sections.push({ heading, level, blocks: [] });
    inReferences = REFERENCE_HEADINGS.test(trimChars(heading, '', ':#*_'));
    inGlossary = GLOSSARY_HEADINGS.test(trimChars(heading, '', ':#*_'));
  };
  raws.forEach((raw, at) => {
    const lines = raw.lines.map((line) => line.trim()).filter(Boolean);
    const first = lines[0] ?? '';
    if (raw.fenced) return add('code', lines.slice(1, -1).join('\n'));
    const markdown = /^(#{1,6})\s+(.*)$/.exec(first);
    if (markdown && lines.length === 1) {
      return openSection(stripInline(markdown[2] ?? ''), (markdown[1] ?? '#').length);
    }
    const underline = lines.length >= 2 && /^(?:=+|-+)$/.test(lines[lines.length - 1] ?? '');
    if (underline && lines.length === 2) {
      return openSection(stripInline(first), lines[1]?.startsWith('=') ? 1 : 2);
    }
    const next = raws[at + 1];
    const nextIsBody = next !== undefined && next.lines.length > 0 && !next.fenced;
    if (isPlainHeading(lines, nextIsBody)) return openSection(stripInline(first), 2);
    if (lines.every((line) => line.startsWith('>'))) {
      return add('quote', joinLines(lines.map((line) => line.replace(/^>\s?/, ''))));
    }
    if (lines.filter((line) => line.includes('|')).length >= Math.max(2, lines.length - 1)) {
      // A table of term and meaning reads as a glossary: each row an entry.
      const entries = termTableEntries(lines, inGlossary);
      if (entries) {
        const glossary = inGlossary;
        inGlossary = true;
        for (const entry of entries) addProse('list-item', entry);
        inGlossary = glossary;
        return;
      }
      return add('table', lines.join('\n'));
    }
    const codeLines = lines.filter(looksLikeCode).length;
    if (codeLines > 0 && codeLines >= lines.length / 2) return add('code', lines.join('\n'));
    if (LIST_MARKER.test(first)) {
      for (const item of listItems(lines)) addProse('list-item', item);
      return;
    }
    addProse('paragraph', joinLines(lines));
  });
  function addProse(kind: 'paragraph' | 'list-item', body: string) {
    if (inReferences || looksLikeReference(body)) return add('reference', body);
    const sentences = splitProseSentences(stripInline(body));
    // A glossary's entry marks its term even when the entry is not bold ('Osmosis: the …').
    const term = inGlossary ? glossaryTerm(stripInline(body)) : null;
    const marks = [...markedTermsOf(body), ...(term ? [term] : [])];
    add(kind, body, sentences);
    const block = blocks[blocks.length - 1] as Block;
    if (marks.length > 0) block.marked = sentenceMarks(sentences, marks);
    if (inGlossary) block.glossary = true;
  }
  return { sections, blocks };
}

/** List items of a block: a marker starts an item, other lines continue it. */
function listItems(lines: string[]): string[] {
  const items: string[][] = [];
  for (const line of lines) {
    const marker = LIST_MARKER.exec(line);
    if (marker) items.push([line.slice(marker[0].length)]);
    else items[items.length - 1]?.push(line);
  }
  return items.map(joinLines);
}

/**
 * Markdown's inline markup removed: emphasis, links (their text kept), images; inline code keeps
 * its backticks so later steps can tell code from prose.
 */
export function stripInline(text: string): string {
  return text
    .replace(/<\/?(?:b|strong|em|i|term|span)(?:\s[^<>]{0,200})?>/gi, '')
    .replace(/\[([^\]\n]{1,300})\]\{:[^}\n]{0,200}\}/g, '$1')
    .replace(/\{:[^}\n]{0,200}\}/g, '')
    .replace(/!\[[^\]\n]{0,300}\]\([^)\s]{0,500}\)/g, '')
    .replace(/\[([^\]\n]{1,300})\]\([^)\s]{0,500}\)/g, '$1')
    .replace(/\[([^\]\n]{1,300})\]\[[^\]\n]{0,100}\]/g, '$1')
    .replace(/(\*\*|__)(?=\S)([^*_\n]{1,300}?)\1/g, '$2')
    .replace(/(?<![\w*])\*(?=\S)([^*\n]{1,300}?)\*(?!\w)/g, '$1')
    .replace(/(?<!\w)_(?=\S)([^_\n]{1,300}?)_(?!\w)/g, '$1');
}
