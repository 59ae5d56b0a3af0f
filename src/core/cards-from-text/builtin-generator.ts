import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { cardCountRange, type GeneratedCardType, type Strategy } from '../content/estimates';
import { countWords } from '../content/check';
import { blankLongWords, trimChars, trimCharsEnd } from '../content/scan';
import { type CandidateCard, postprocessCards } from './postprocess';
import { STOP_WORDS, words } from './text-tools';

/**
 * Mnemo's built-in, offline card generator: wink-nlp's English model finds the salient
 * sentences and their key terms; cloze cards hide the term, Q&A cards come from patterns
 * (definitions 'X is Y', years, numbers, people and named things). Deterministic: the same
 * text always gives the same cards.
 */

let nlpInstance: WinkMethods | undefined;
function nlp(): WinkMethods {
  nlpInstance ??= winkNLP(model);
  return nlpInstance;
}

interface Token {
  text: string;
  pos: string;
  lemma: string;
  stop: boolean;
}

interface Sentence {
  index: number;
  text: string;
  tokens: Token[];
  entities: { value: string; type: string }[];
  importance: number;
}

interface KeyTerm {
  text: string;
  kind: 'year' | 'number' | 'quantity' | 'percent' | 'person' | 'name' | 'term';
  score: number;
}

const MONTHS = new Set(
  'jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june july august september october november december'.split(
    ' ',
  ),
);

/** Longer "words" are left out of the analysis (see blankLongWords). */
export const MAX_WORD_CHARACTERS = 100;

function analyse(content: string): Sentence[] {
  const engine = nlp();
  const its = engine.its;
  const doc = engine.readDoc(blankLongWords(content, MAX_WORD_CHARACTERS));
  const out = doc.out.bind(doc) as (how: unknown) => unknown;
  const importance = new Map(
    (out(its.sentenceWiseImportance) as { index: number; importance: number }[]).map((item) => [
      item.index,
      item.importance,
    ]),
  );
  const sentences: Sentence[] = [];
  doc.sentences().each((sentence, index) => {
    const values = sentence.tokens().out() as string[];
    const pos = sentence.tokens().out(its.pos) as string[];
    const tokenOut = (how: unknown) =>
      (sentence.tokens().out as (how: unknown) => unknown)(how) as unknown[];
    const lemmas = tokenOut(its.lemma) as string[];
    const stops = tokenOut(its.stopWordFlag) as boolean[];
    const tokens = values
      .map((text, at) => ({
        text,
        pos: pos[at] ?? 'X',
        lemma: (lemmas[at] ?? text).toLowerCase(),
        stop: Boolean(stops[at]),
      }))
      .filter((token) => token.pos !== 'SPACE');
    sentences.push({
      index,
      text: (sentence.out() as string).replace(/\s+/g, ' ').trim(),
      tokens,
      entities: sentence.entities().out(its.detail) as unknown as { value: string; type: string }[],
      importance: importance.get(index) ?? 0,
    });
  });
  return sentences;
}

/** Document frequency of content lemmas: how often each idea comes back in the text. */
function lemmaCounts(sentences: Sentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    for (const token of sentence.tokens) {
      if (token.stop || !/^(NOUN|PROPN|ADJ|VERB|NUM)$/.test(token.pos)) continue;
      counts.set(token.lemma, (counts.get(token.lemma) ?? 0) + 1);
    }
  }
  return counts;
}

function goodAnswer(text: string, sentence: string): boolean {
  const list = words(text);
  if (list.length === 0 || list.length > 8) return false;
  if (list.every((word) => STOP_WORDS.has(word))) return false;
  if (text.length < 2 || text.length > 80) return false;
  return words(sentence).length > list.length + 3;
}

const NUMBER =
  '(?:\\d[\\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|a hundred|hundreds|a thousand|thousands|a million|millions)';
const UNIT =
  '(?:degrees?(?:\\s+(?:Celsius|Fahrenheit|Kelvin))?|°C|°F|(?:kilo|milli|centi|micro)?(?:grams?|metres?|meters?|litres?|liters?)|kg|mg|g|km|cm|mm|ml|l|miles?|feet|foot|inches|inch|seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries|century|percent|per cent|cups?|tablespoons?|teaspoons?|ounces?|pounds?|calories|kilocalories|volts?|watts?|(?:kilo|mega|giga)?bytes?|square (?:kilometres|kilometers|metres|meters|miles)|times)';
/** An amount with its unit: "94 degrees Celsius", "three to four minutes", "20 grams". */
const QUANTITY = new RegExp(
  `(?<![\\p{L}\\p{N}])${NUMBER}(?:\\s*(?:to|-|–|or|and)\\s*${NUMBER})?\\s+${UNIT}(?![\\p{L}\\p{N}])`,
  'giu',
);

/** Key terms of a sentence, best first. */
function keyTerms(sentence: Sentence, counts: Map<string, number>): KeyTerm[] {
  const terms: KeyTerm[] = [];
  const add = (text: string, kind: KeyTerm['kind'], score: number) => {
    const clean = trimChars(text, ',;:(', ',;:.)');
    if (!goodAnswer(clean, sentence.text)) return;
    const at = sentence.text.indexOf(clean);
    if (at < 0) return;
    // Whole words only: not the tail of "light-dependent" nor the head of "cells'".
    if (/[\p{L}\p{N}-]/u.test(sentence.text[at - 1] ?? '')) return;
    if (/[\p{L}\p{N}-]/u.test(sentence.text[at + clean.length] ?? '')) return;
    if (terms.some((term) => term.text === clean)) return;
    terms.push({ text: clean, kind, score });
  };
  for (const match of sentence.text.matchAll(QUANTITY)) add(match[0], 'quantity', 4.5);
  for (const entity of sentence.entities) {
    const value = entity.value.trim();
    if (entity.type === 'DATE' && /^\d{3,4}$/.test(value)) add(value, 'year', 5);
    else if (entity.type === 'PERCENT') add(value, 'percent', 4);
    else if (entity.type === 'CARDINAL' && /\d/.test(value) && !/^\d$/.test(value)) {
      add(value, 'number', 3);
    } else if (entity.type === 'DATE' && !MONTHS.has(value.toLowerCase()) && /\d/.test(value)) {
      add(value, 'year', 3);
    }
  }
  // Runs of proper nouns: people, places, named things ("Melvin Calvin", "Nobel Prize").
  const tokens = sentence.tokens;
  for (let start = 0; start < tokens.length; start++) {
    if (tokens[start]?.pos !== 'PROPN') continue;
    let end = start;
    while (tokens[end + 1]?.pos === 'PROPN') end++;
    const run = tokens.slice(start, end + 1);
    const text = run.map((token) => token.text).join(' ');
    if (MONTHS.has(text.toLowerCase())) {
      start = end;
      continue;
    }
    const frequency = run.reduce((sum, token) => sum + (counts.get(token.lemma) ?? 0), 0);
    const followedByVerb = /^(VERB|AUX)$/.test(tokens[end + 1]?.pos ?? '');
    const kind = run.length >= 2 && start === 0 && followedByVerb ? 'person' : 'name';
    add(text, kind, 2.5 + Math.min(2, frequency / 3) + (run.length >= 2 ? 0.5 : 0));
    start = end;
  }
  // Noun phrases (adjectives and nouns ending in a noun) that recur in the text.
  for (let start = 0; start < tokens.length; start++) {
    if (!/^(ADJ|NOUN)$/.test(tokens[start]?.pos ?? '') || tokens[start]?.stop) continue;
    let end = start;
    while (/^(ADJ|NOUN)$/.test(tokens[end + 1]?.pos ?? '') && end - start < 3) end++;
    while (end >= start && tokens[end]?.pos !== 'NOUN') end--;
    if (end < start) continue;
    const run = tokens.slice(start, end + 1);
    const text = run.map((token) => token.text).join(' ');
    const frequency = run.reduce((sum, token) => sum + (counts.get(token.lemma) ?? 0), 0);
    add(text, 'term', 1 + frequency / run.length + (run.length > 1 ? 0.5 : 0));
    start = end;
  }
  return terms.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
}

const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
const withoutFinalStop = (text: string) => trimCharsEnd(text, '.!?;:');
const blankOut = (sentence: string, term: string) =>
  withoutFinalStop(sentence.replace(term, '_____'));

/** A definition: "X is/are (a|an|the) Y" → "What is X?" / "Y". */
function definitionCard(sentence: Sentence): CandidateCard | null {
  const match =
    /^(?:(?:The|A|An)\s+)?([A-Z][\w-]*(?:\s+[\w-]+){0,4}?)\s+(is|are|was|were)\s+((?:a|an|the)\s+.+)$/u.exec(
      withoutFinalStop(sentence.text),
    );
  if (!match) return null;
  const [, subject = '', verb = '', definition = ''] = match;
  if (/^(It|This|That|These|Those|They|He|She|There)$/i.test(subject)) return null;
  const definitionWords = words(definition);
  if (definitionWords.length < 3 || definitionWords.length > 30) return null;
  const question = `What ${verb} ${/^[A-Z]{2,}/.test(subject) ? subject : lowerFirst(subject)}?`;
  return {
    type: 'qa',
    front: question,
    back: definition[0]?.toUpperCase() + definition.slice(1),
    sourceQuote: sentence.text,
  };
}

/** A Q&A card asking for a key term in its sentence. */
function termQuestion(sentence: Sentence, term: KeyTerm): CandidateCard {
  const starts = sentence.text.startsWith(term.text);
  if (term.kind === 'person' && starts) {
    const rest = withoutFinalStop(sentence.text.slice(term.text.length).trim());
    return { type: 'qa', front: `Who ${rest}?`, back: term.text, sourceQuote: sentence.text };
  }
  const lead =
    term.kind === 'year'
      ? 'Which year'
      : term.kind === 'percent'
        ? 'Which percentage'
        : term.kind === 'number'
          ? 'Which number'
          : term.kind === 'quantity'
            ? 'Which amount'
            : term.kind === 'person' || term.kind === 'name'
              ? 'Which name'
              : 'Which term';
  return {
    type: 'qa',
    front: `${lead} completes this: "${blankOut(sentence.text, term.text)}"?`,
    back: term.text,
    sourceQuote: sentence.text,
  };
}

function clozeCard(sentence: Sentence, term: KeyTerm): CandidateCard {
  const text = withoutFinalStop(sentence.text);
  const index = text.indexOf(term.text);
  const front = `${text.slice(0, index)}{{c1::${term.text}}}${text.slice(index + term.text.length)}.`;
  return { type: 'cloze', front, back: `${text}.`, sourceQuote: sentence.text };
}

export interface BuiltinRequest {
  content: string;
  strategy: Strategy;
  cardTypes: GeneratedCardType[];
  existingCards?: CandidateCard[];
}

/**
 * Cards for a text: the most salient sentences first (wink's sentence importance plus how much
 * of the text's recurring vocabulary they carry), one card per sentence, alternating types when
 * both are requested; as many as the strategy asks for, scaled to the text.
 */
export function generateBuiltinCards(request: BuiltinRequest): CandidateCard[] {
  const range = cardCountRange(request.strategy, countWords(request.content));
  const sentences = analyse(request.content).filter((sentence) => {
    const count = words(sentence.text).length;
    return count >= 5 && count <= 60 && /[.!?]$/.test(sentence.text);
  });
  const counts = lemmaCounts(sentences);
  const ranked = sentences
    .map((sentence) => {
      const salience = sentence.tokens
        .filter((token) => !token.stop)
        .reduce((sum, token) => sum + Math.min(3, (counts.get(token.lemma) ?? 1) - 1), 0);
      const position = 1 / (1 + sentence.index / 10);
      return { sentence, score: sentence.importance * 3 + salience * 0.3 + position };
    })
    .sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index);

  const wantQa = request.cardTypes.includes('qa');
  const wantCloze = request.cardTypes.includes('cloze');
  const candidatesOf = (chosen: typeof ranked) => {
    const candidates: CandidateCard[] = [];
    let preferQa = true;
    for (const { sentence } of chosen) {
      const terms = keyTerms(sentence, counts);
      const definition = wantQa ? definitionCard(sentence) : null;
      const options: CandidateCard[] = [];
      if (wantQa && definition) options.push(definition);
      const [best, second] = terms;
      if (wantQa && best) options.push(termQuestion(sentence, best));
      if (wantCloze && best) options.push(clozeCard(sentence, best));
      if (wantCloze && second && second.score >= 3) options.push(clozeCard(sentence, second));
      if (options.length === 0) continue;
      const ordered =
        wantQa && wantCloze
          ? [...options].sort((a, b) =>
              a.type === b.type ? 0 : (a.type === 'qa') === preferQa ? -1 : 1,
            )
          : options;
      candidates.push(...ordered);
      preferQa = !preferQa;
    }
    // One card per sentence first, then more from the best sentences if the range allows.
    const first = new Map<string, CandidateCard>();
    const rest: CandidateCard[] = [];
    for (const card of candidates) {
      if (first.has(card.sourceQuote)) rest.push(card);
      else first.set(card.sourceQuote, card);
    }
    return [...first.values(), ...rest];
  };
  // The best sentences usually give enough cards; the rest of a long document is read only
  // when the checks dropped too many (a widening window, so the cost stays near linear).
  let window = Math.max(60, range.max * 8);
  for (;;) {
    const cards = postprocessCards(candidatesOf(ranked.slice(0, window)), {
      content: request.content,
      cardTypes: request.cardTypes,
      range,
      existing: request.existingCards,
    });
    if (cards.length >= range.max || window >= ranked.length) return cards;
    window *= 4;
  }
}
