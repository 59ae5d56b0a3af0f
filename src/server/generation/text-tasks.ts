import {
  type BuiltinRequest,
  type CandidateCard,
  generateBuiltinCards,
  type PostprocessOptions,
  postprocessCards,
} from '../../core/cards-from-text';
import {
  cardCountRange,
  type ContentCheck,
  checkContent,
  chunkContent,
  cleanContent,
  type Strategy,
} from '../../core/content';

/**
 * The work on a job's text, done in a text thread (text-thread.ts), never on the event loop:
 * cleanup and check, the built-in generator, chunks for an LLM, the checks of the cards.
 */
export type TextTask =
  | { kind: 'prepare'; source: string; strategy: Strategy }
  | { kind: 'generate'; request: BuiltinRequest }
  | { kind: 'chunk'; content: string; maxCharacters: number }
  | { kind: 'postprocess'; cards: CandidateCard[]; options: PostprocessOptions };

export interface PreparedContent {
  content: string;
  check: ContentCheck;
  range: { min: number; max: number };
}

export type TextTaskResult<T extends TextTask> = T extends { kind: 'prepare' }
  ? PreparedContent
  : T extends { kind: 'chunk' }
    ? string[]
    : CandidateCard[];

export function runTextTask(task: TextTask): unknown {
  switch (task.kind) {
    case 'prepare': {
      const content = cleanContent(task.source);
      const check = checkContent(content);
      return { content, check, range: cardCountRange(task.strategy, check.wordCount) };
    }
    case 'generate':
      return generateBuiltinCards(task.request);
    case 'chunk':
      return chunkContent(task.content, task.maxCharacters);
    case 'postprocess':
      return postprocessCards(task.cards, task.options);
  }
}
