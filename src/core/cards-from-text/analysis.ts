import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { blankLongWords } from '../content/scan';
import type { DocumentModel } from './document';

/**
 * The parts of speech of the document's prose sentences (wink-nlp's English model), each
 * sentence read on its own so the reader's boundaries are the ones that count.
 */

/** Longer "words" are left out of the analysis (see blankLongWords). */
export const MAX_WORD_CHARACTERS = 100;

let nlpInstance: WinkMethods | undefined;
function nlp(): WinkMethods {
  nlpInstance ??= winkNLP(model);
  return nlpInstance;
}

export interface Token {
  text: string;
  pos: string;
  lemma: string;
  stop: boolean;
}

export interface ProseSentence {
  /** Position in the document's prose, from 0. Tokens are empty for a sentence too short or
   * too long to make a card. */
  index: number;
  section: number;
  /** A list item's sentence must be a whole sentence to be used. */
  listItem: boolean;
  /** Index of the sentence within its block, and the block's first-in-section flag. */
  inBlock: number;
  firstBlockOfSection: boolean;
  text: string;
  tokens: Token[];
  /** The sentence before it in the same block, if any. */
  previous: string | null;
  /** The terms the document marks in this sentence (bold, term markup, a glossary entry). */
  marked: string[];
  /** True for an entry of the document's glossary or 'Key Terms' section. */
  glossary: boolean;
}

/** Every sentence of the document's paragraphs and list items, with its tokens. */
export function analyseProse(document: DocumentModel): ProseSentence[] {
  const engine = nlp();
  const its = engine.its;
  const out: ProseSentence[] = [];
  for (const section of document.sections) {
    let firstProse = true;
    for (const block of section.blocks) {
      if (block.sentences.length === 0) continue;
      block.sentences.forEach((text, inBlock) => {
        out.push({
          index: out.length,
          section: block.section,
          listItem: block.kind === 'list-item',
          inBlock,
          firstBlockOfSection: firstProse,
          text,
          tokens: plausible(text) ? tokensOf(engine, its, text) : [],
          previous: inBlock > 0 ? (block.sentences[inBlock - 1] ?? null) : null,
          marked: block.marked?.[inBlock] ?? [],
          glossary: block.glossary ?? false,
        });
      });
      firstProse = false;
    }
  }
  return out;
}

/**
 * Only a sentence that could make a card (or lend its subject to the next one) is parsed: a
 * text of 150,000 one-letter paragraphs is not sent through the tagger line by line.
 */
function plausible(text: string): boolean {
  if (text.length < 12 || text.length > 600) return false;
  let spaces = 0;
  for (const char of text) if (char === ' ') spaces++;
  return spaces >= 3 && spaces <= 80;
}

function tokensOf(engine: WinkMethods, its: WinkMethods['its'], text: string): Token[] {
  const doc = engine.readDoc(blankLongWords(text, MAX_WORD_CHARACTERS));
  const tokens = doc.tokens();
  const read = (how: unknown) => (tokens.out as (how: unknown) => unknown)(how) as unknown[];
  const values = tokens.out() as string[];
  const pos = read(its.pos) as string[];
  const lemmas = read(its.lemma) as string[];
  const stops = read(its.stopWordFlag) as boolean[];
  return values
    .map((value, at) => ({
      text: value,
      pos: pos[at] ?? 'X',
      lemma: (lemmas[at] ?? value).toLowerCase(),
      stop: Boolean(stops[at]),
    }))
    .filter((token) => token.pos !== 'SPACE');
}
