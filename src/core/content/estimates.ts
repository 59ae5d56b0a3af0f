/** Generation strategies, card counts and the time estimate of SPEC §9. */

export type Strategy = 'key_concepts' | 'standard' | 'detailed';
export type GeneratedCardType = 'qa' | 'cloze';

export const STRATEGY_RANGES: Record<Strategy, { min: number; max: number }> = {
  key_concepts: { min: 3, max: 8 },
  standard: { min: 5, max: 15 },
  detailed: { min: 10, max: 25 },
};

/** Status polling of the deck page (SPEC §9). */
export const GENERATION_POLL_INTERVAL_MS = 10_000;
export const GENERATION_MAX_POLLS = 30;

/** Requested card types for the Card Type choice: both, or the single type (SPEC §5). */
export function requestedCardTypesFor(choice: 'qa' | 'cloze' | 'both'): GeneratedCardType[] {
  return choice === 'both' ? ['qa', 'cloze'] : [choice];
}

/**
 * Estimated generation time in seconds: base 30, plus 15 over 1000 words, 30 over 2000 or 60
 * over 5000 (the largest that applies), times 1.5 for detailed or 1.2 for standard; rounded.
 */
export function estimateGenerationSeconds(wordCount: number, strategy: Strategy): number {
  let seconds = 30;
  if (wordCount > 5000) seconds += 60;
  else if (wordCount > 2000) seconds += 30;
  else if (wordCount > 1000) seconds += 15;
  const factor = strategy === 'detailed' ? 1.5 : strategy === 'standard' ? 1.2 : 1;
  return Math.round(seconds * factor);
}

/**
 * The estimate for the generator that will run: the spec's formula above is for a language
 * model; the built-in generator reads about 1,500 words a second on a small server (issue 19).
 */
export function estimateSecondsFor(
  generator: 'builtin' | 'llm',
  wordCount: number,
  strategy: Strategy,
): number {
  if (generator === 'builtin') return Math.max(2, Math.ceil(wordCount / 1500));
  return estimateGenerationSeconds(wordCount, strategy);
}

/**
 * How many cards a job aims for: the strategy's range, scaled to the content. Short content
 * cannot carry many cards (about one per 10 words at most, at least one); long content lifts
 * 'detailed' past 25 (25+: one more card per 200 words beyond 2000, up to 60).
 */
export function cardCountRange(
  strategy: Strategy,
  wordCount: number,
): { min: number; max: number } {
  const base = STRATEGY_RANGES[strategy];
  const supported = Math.max(1, Math.floor(wordCount / 10));
  let max = base.max;
  if (strategy === 'detailed' && wordCount > 2000) {
    max = Math.min(60, base.max + Math.floor((wordCount - 2000) / 200));
  }
  max = Math.min(max, supported);
  const min = Math.min(base.min, max);
  return { min, max };
}
