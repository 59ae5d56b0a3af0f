import { chunkContent } from '../../core/content';
import type { AiConfig } from '../config';
import type { CardGenerator } from './generator';
import { createBuiltinThreadGenerator } from './builtin-thread';
import { createLlmGenerator } from './llm-generator';

/** Characters per LLM request: long content is cut on paragraph boundaries below this. */
export const LLM_CHUNK_CHARACTERS = 12_000;

/**
 * The configured generator: the built-in offline one (wink-nlp, deterministic, in a thread of
 * its own) unless AI_PROVIDER names an LLM provider.
 */
export function createGenerator(ai: AiConfig): CardGenerator {
  if (ai.provider === 'builtin') return createBuiltinThreadGenerator();
  return createLlmGenerator(ai, (content) => chunkContent(content, LLM_CHUNK_CHARACTERS));
}
