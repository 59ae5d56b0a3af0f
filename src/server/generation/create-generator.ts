import type { AiConfig } from '../config';
import type { CardGenerator } from './generator';
import { createLlmGenerator } from './llm-generator';
import type { TextThread } from './text-thread';

/** Characters per LLM request: long content is cut on paragraph boundaries below this. */
export const LLM_CHUNK_CHARACTERS = 12_000;

/**
 * The configured generator: the built-in offline one (wink-nlp, deterministic) unless
 * AI_PROVIDER names an LLM provider. The work on the text (the built-in generator, or cutting
 * the text into chunks for the LLM) runs in the given text thread, never on the event loop.
 */
export function createGenerator(ai: AiConfig, thread: TextThread): CardGenerator {
  if (ai.provider === 'builtin') {
    return async ({ content, strategy, cardTypes, signal, onNote, onProgress }) => {
      // The built-in generator reads the whole text at once: one part.
      onProgress?.({ current: 1, done: 0, total: 1 });
      const result = await thread.run(
        { kind: 'generate', request: { content, strategy, cardTypes } },
        signal,
      );
      if (result.note) onNote?.(result.note);
      return result.cards;
    };
  }
  return createLlmGenerator(ai, (content, signal) =>
    thread.run(
      { kind: 'chunk', content, maxCharacters: LLM_CHUNK_CHARACTERS, study: true },
      signal,
    ),
  );
}
