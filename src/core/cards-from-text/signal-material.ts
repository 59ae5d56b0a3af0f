import type { GeneratedCardType } from '../content/estimates';
import type { ProseSentence } from './analysis';
import type { CandidateCard } from './postprocess';
import { withoutFigureRefs } from './form-helpers';
import { cardProblems } from './quality';
import { questionParses } from './question-parse';
import type { Question } from './question-text';
import type { Material } from './selection';

/**
 * Material from a sentence that cannot be shown alone ('And as noted earlier, …') but holds a
 * definition the document marks: its Q&A questions name their term and carry their whole
 * answer, so they stand alone. No cloze: the sentence itself would be the card.
 */
export function signalMaterial(
  sentence: ProseSentence,
  signals: Question[],
  wanted: GeneratedCardType[],
): Material | null {
  if (!wanted.includes('qa') || signals.length === 0) return null;
  const cards: CandidateCard[] = signals
    .filter((question) => questionParses(question.front))
    .map((question) => ({
      type: 'qa' as const,
      front: question.front,
      back: withoutFigureRefs(question.back),
      sourceQuote: sentence.text,
    }))
    .filter((card) => cardProblems(card).length === 0);
  if (cards.length === 0) return null;
  return {
    sentence,
    cards,
    terms: signals.map((question) => question.term.toLowerCase().split(' ').pop() ?? ''),
    score: 6 + (sentence.marked.length > 0 ? 3 : 0),
    definitional: true,
    leaned: false,
  };
}
