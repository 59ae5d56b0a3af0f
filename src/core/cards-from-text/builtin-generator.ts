import { cardCountRange, type GeneratedCardType, type Strategy } from '../content/estimates';
import { countWords } from '../content/check';
import { analyseProse, type ProseSentence } from './analysis';
import { readDocument } from './document';
import { type CandidateCard, postprocessCards } from './postprocess';
import { clozeOf, complementOf, specific } from './cloze-cards';
import { cardProblems, isTrivialAnswer } from './quality';
import { questionsFor } from './questions';
import { signalQuestions } from './definition-forms';
import { signalMaterial } from './signal-material';
import { answerComplete, questionParses } from './question-parse';
import { rebalanceKept } from './balance';
import { NOT_A_TERM, withoutFigureRefs } from './form-helpers';
import type { Names, Question } from './question-text';
import {
  codeNamesOf,
  isStatement,
  standsAlone,
  withoutConnective,
  withReferent,
} from './standalone';
import { chooseForStrategy, type Material } from './selection';
import { blockBefore, continuesAView, isNewsItem, openingStory } from './asides';
import {
  keyTermHeads,
  namedOften,
  nounPhrases,
  rarityOf,
  termScore,
  termStats,
  type WordFrequency,
} from './terms';

/**
 * Mnemo's built-in, offline card generator. It reads the document first (document.ts: headings,
 * paragraphs, lists, code, references), keeps the prose sentences a learner can read alone
 * (a leading 'It'/'They' gets its referent carried in, or the sentence is not used), scores
 * their noun phrases against general English (terms.ts), asks the real questions a sentence
 * supports (questions.ts) and hides a key term in cloze cards; the strategy chooses which
 * material (selection.ts). Deterministic: the same text always gives the same cards.
 */

export interface BuiltinRequest {
  content: string;
  strategy: Strategy;
  cardTypes: GeneratedCardType[];
  existingCards?: CandidateCard[];
}

export interface BuiltinResult {
  cards: CandidateCard[];
  /** Why the result is short, when it is (said in the job's warnings). */
  note: string | null;
}

const DEFINING = new Set<Question['form']>(['definition', 'reverse', 'called', 'glossary', 'list']);

/** Scores below this are everyday words: not a cloze answer. */
const MIN_TERM_SCORE = 1.2;

function materialOf(
  sentence: ProseSentence,
  text: string,
  previous: ProseSentence | undefined,
  frequency: WordFrequency,
  stats: ReturnType<typeof termStats>,
  wanted: GeneratedCardType[],
  names: Names,
  keys: Set<string> & { marked: ReadonlySet<string> },
  signals: Question[],
): Material | null {
  const terms = nounPhrases({ ...sentence, text }, frequency)
    .map((term) => ({ term, score: termScore(term, stats) }))
    .filter(
      (entry) =>
        entry.score >= MIN_TERM_SCORE &&
        keys.has(entry.term.head) &&
        !stats.topics.has(entry.term.head) &&
        specific(entry.term, names),
    )
    .sort((a, b) => b.score - a.score);
  // A fact question needs a key term in its sentence; definitions are always material.
  const aboutKeyTerm = sentence.tokens.some((token) => keys.has(token.lemma));
  // Asked for cloze cards too: a defined term is the best deletion.
  // The document's own definitions (marked terms, definition forms, counted lists) lead.
  const fronts = new Set(signals.map((question) => question.front.toLowerCase()));
  const asked = [
    ...signals,
    ...questionsFor(text, sentence.tokens, names).filter(
      (question) =>
        (aboutKeyTerm || DEFINING.has(question.form)) && !fronts.has(question.front.toLowerCase()),
    ),
  ];
  // A question whose parse does not hold is not asked (issue 23).
  const questions: Question[] = wanted.includes('qa')
    ? asked.filter((question) => questionParses(question.front) && answerComplete(question.back))
    : [];
  const cards: CandidateCard[] = [];
  for (const question of questions) {
    cards.push({
      type: 'qa',
      front: question.front,
      back: withoutFigureRefs(question.back),
      sourceQuote: sentence.text,
    });
  }
  // 'Encapsulated: State is scoped to the component.' is a label and a note on something the
  // card does not name: only a glossary question comes from such a line.
  // ('Human rights are inalienable: they …' has a verb before its colon: a statement.)
  const labelled = /^[^:]{1,40}:\s/.test(text) && !/^[^:]*\b(?:is|are|was|were)\b[^:]*:/.test(text);
  if (wanted.includes('cloze') && !labelled) {
    // A defined term is the best deletion; otherwise the best-scoring term.
    // A term the document marks is the deletion it asks for; then a defined term.
    const markedTerm = sentence.marked
      .map(
        (term) =>
          new RegExp(`\\b${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').exec(text)?.[0],
      )
      .find((found) => found !== undefined && !stats.topics.has(found.toLowerCase()));
    const defined =
      markedTerm ??
      asked.find((question) => question.form === 'definition' || question.form === 'called')
        ?.term ??
      complementOf(text);
    const named =
      defined && !terms.some((entry) => entry.term.text === defined) && !isTrivialAnswer(defined)
        ? [{ term: { text: defined, head: defined.toLowerCase(), rarity: 7 }, score: 99 }]
        : [];
    const ordered = defined
      ? [...named, ...terms].sort(
          (a, b) => Number(b.term.text === defined) - Number(a.term.text === defined),
        )
      : terms;
    for (const { term } of ordered.slice(0, 2)) {
      const cloze = clozeOf(text, term, keys.marked);
      if (cloze) cards.push({ ...cloze, sourceQuote: sentence.text });
    }
  }
  const usable = cards.filter((card) => cardProblems(card).length === 0);
  if (usable.length === 0) return null;
  const best = terms[0]?.score ?? 0;
  const definitional =
    sentence.marked.length > 0 ||
    questions.some((question) => ['definition', 'called', 'list'].includes(question.form));
  return {
    sentence,
    cards: usable,
    // A defined term leads: Key Concepts chooses by it.
    terms: [
      ...sentence.marked.map((term) => term.split(' ').pop() ?? ''),
      ...questions
        .filter((question) => DEFINING.has(question.form))
        .map((question) => question.term.toLowerCase().split(' ').pop() ?? ''),
      ...terms.map((entry) => entry.term.head),
    ],
    score:
      best +
      (definitional ? 4 : 0) +
      (sentence.marked.length > 0 || signals.length > 0 ? 3 : 0) +
      (sentence.firstBlockOfSection && sentence.inBlock === 0 ? 1 : 0),
    definitional,
    leaned: previous !== undefined && text !== sentence.text,
  };
}

/** Cards for a text, as many as the strategy asks for when the text has the substance. */
export function generateBuiltinCards(
  request: BuiltinRequest,
  frequency: WordFrequency,
): BuiltinResult {
  const range = cardCountRange(request.strategy, countWords(request.content));
  const document = readDocument(request.content);
  const sentences = analyseProse(document);
  const headings = document.sections.flatMap((section) =>
    section.heading ? [section.heading] : [],
  );
  const stats = termStats(sentences, headings);
  const names = namesOf(sentences);
  const page = {
    codeNames: codeNamesOf(
      document.blocks.filter((block) => block.kind === 'code').map((block) => block.text),
    ),
    namedOften: (subject: string) => namedOften(subject, stats),
  };
  const keys = Object.assign(keyTermHeads(sentences, stats, frequency), {
    marked: new Set(sentences.flatMap((sentence) => sentence.marked)),
  });
  const material: Material[] = [];
  const story = openingStory(sentences, (section) => ({
    heading: document.sections[section]?.heading ?? null,
  }));
  sentences.forEach((read, at) => {
    const sentence = withoutConnective(read);
    const previous = sentence.previous !== null ? sentences[at - 1] : undefined;
    const text = withReferent(
      sentence,
      previous?.tokens ?? null,
      (word) => rarityOf(word, frequency) >= 3,
    );
    // A definition the document marks asks a question that stands alone even when its
    // sentence does not ('And as noted earlier, basophils release heparin, a …').
    const signals = signalQuestions(sentence.text, sentence.marked, names, sentence.glossary);
    // The opening story, news items and a view without its holder: only a marked definition.
    if (
      story.has(at) ||
      isNewsItem(sentence.text) ||
      continuesAView(sentence, blockBefore(sentences, at))
    ) {
      const found = signalMaterial(sentence, signals, request.cardTypes);
      if (found) material.push(found);
      return;
    }
    if (text === null || !standsAlone(text) || !isStatement(text, sentence, page)) {
      // So does a definition of the sentence's own subject ('Civil rights are government
      // guarantees of …, such as …'), when its answer leans on nothing.
      const definitions = questionsFor(sentence.text, sentence.tokens, names).filter(
        (question) =>
          question.form === 'definition' &&
          /^What (?:is|are) /.test(question.front) &&
          !NOT_A_TERM.test(question.term) &&
          !/\b(?:it|its|they|them|their|this|these|those|such|he|she|his|her)\b/i.test(
            question.back,
          ),
      );
      const found = signalMaterial(sentence, [...signals, ...definitions], request.cardTypes);
      if (found) material.push(found);
      return;
    }
    const found = materialOf(
      sentence,
      text,
      previous,
      frequency,
      stats,
      request.cardTypes,
      names,
      keys,
      signals,
    );
    if (found) material.push(found);
  });
  const chosen = chooseForStrategy(material, request.strategy, request.cardTypes, range.max);
  const options = {
    content: request.content,
    cardTypes: request.cardTypes,
    range,
    existing: request.existingCards,
  };
  let cards = postprocessCards(chosen, options);
  if (request.cardTypes.includes('qa') && request.cardTypes.includes('cloze')) {
    // The balanced cards first; the cards kept before fill any place the checks empty.
    const balanced = rebalanceKept(cards, material);
    cards = postprocessCards([...balanced, ...cards], {
      ...options,
      range: { ...range, max: cards.length },
    });
  }
  return { cards, note: shortResultNote(cards.length, range.min, material.length) };
}

/** Words written with a capital inside sentences (not after a colon or a quote). */
function namesOf(sentences: ProseSentence[]): Set<string> {
  const names = new Set<string>();
  for (const sentence of sentences) {
    sentence.tokens.forEach((token, at) => {
      const before = sentence.tokens[at - 1]?.text ?? '';
      if (at > 0 && /^\p{Lu}/u.test(token.text) && !/^[:"“'‘(]$/.test(before)) {
        names.add(token.text.toLowerCase());
      }
    });
  }
  return names;
}

function shortResultNote(count: number, min: number, usable: number): string | null {
  if (count >= min) return null;
  if (usable === 0) {
    return 'No card could be written: the text has no self-contained sentences with a term worth learning (code, lists and references are left out).';
  }
  return `Only ${count} card${count === 1 ? '' : 's'}: the text has few self-contained sentences with a term worth learning, and fewer good cards beat padding.`;
}
