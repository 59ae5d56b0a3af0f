import type { BuiltinRequest, BuiltinResult } from '../../core/cards-from-text/builtin-generator';
import type { ColumnMapping } from '../../core/import/text-import-cards';
import type { TextImportPlan } from '../../core/import/text-import-plan';
import {
  type CandidateCard,
  type CheckedCards,
  checkCards,
  type PostprocessOptions,
} from '../../core/cards-from-text/postprocess';
import {
  cardCountRange,
  type ContentCheck,
  checkContent,
  type ContentChunk,
  chunkContent,
  cleanContent,
  type Strategy,
  studyText,
} from '../../core/content';

/**
 * The work on a job's text, done in a text thread (text-thread.ts), never on the event loop:
 * cleanup and check, the built-in generator, chunks for an LLM, the checks of the cards (with
 * why cards were dropped), and
 * the text of a fetched web page, an Anki package export (its rows and SQLite file), and the
 * reading of a text import (`core/import/text-import-plan.ts`).
 */
export type TextTask =
  | { kind: 'prepare'; source: string; strategy: Strategy }
  | { kind: 'generate'; request: BuiltinRequest }
  | { kind: 'chunk'; content: string; maxCharacters: number; study?: boolean }
  | { kind: 'postprocess'; cards: CandidateCard[]; options: PostprocessOptions }
  | { kind: 'html'; html: string; url: string }
  | { kind: 'text-import'; text: string; mapping?: ColumnMapping; mode: 'preview' | 'import' };

export interface PreparedContent {
  content: string;
  check: ContentCheck;
  range: { min: number; max: number };
}

export type TextTaskResult<T extends TextTask> = T extends { kind: 'prepare' }
  ? PreparedContent
  : T extends { kind: 'chunk' }
    ? ContentChunk[]
    : T extends { kind: 'html' }
      ? { title: string | null; text: string }
      : T extends { kind: 'generate' }
        ? BuiltinResult
        : T extends { kind: 'text-import' }
          ? TextImportPlan
          : T extends { kind: 'postprocess' }
            ? CheckedCards
            : CandidateCard[];

/** The task's answer. The built-in generator (wink-nlp and its model) loads on first use. */
export async function runTextTask(task: TextTask): Promise<unknown> {
  switch (task.kind) {
    case 'prepare': {
      const content = cleanContent(task.source);
      const check = checkContent(content);
      return { content, check, range: cardCountRange(task.strategy, check.wordCount) };
    }
    case 'generate': {
      const { generateBuiltinCards } = await import('../../core/cards-from-text/builtin-generator');
      const { wordFrequency } = await import('./word-frequency');
      return generateBuiltinCards(task.request, wordFrequency());
    }
    case 'chunk': {
      if (!task.study) return chunkContent(task.content, task.maxCharacters);
      // For an LLM: the study material only, each chunk knowing the document's title.
      const { title, text } = studyText(task.content);
      return chunkContent(text, task.maxCharacters).map((chunk) => ({ ...chunk, title }));
    }
    case 'postprocess':
      return checkCards(task.cards, task.options);
    case 'html': {
      const { htmlToText } = await import('../intake/html-text');
      return htmlToText(task.html, task.url);
    }
    case 'text-import': {
      const { planTextImport } = await import('../../core/import/text-import-plan');
      const plan = planTextImport(task.text, task.mapping);
      // A preview sends back what it shows, not every card of a 10 MB file.
      return plan.ok && task.mode === 'preview' ? { ...plan, cards: [] } : plan;
    }
  }
}
