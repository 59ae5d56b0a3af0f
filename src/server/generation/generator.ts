/** The one interface every card generator has: content, strategy, card types → cards. */

export type Strategy = 'key_concepts' | 'standard' | 'detailed';
export type CardKind = 'qa' | 'cloze';

export interface GeneratedCard {
  type: CardKind;
  front: string;
  back: string;
  /** The passage of the content the card comes from. */
  sourceQuote: string;
}

export interface GenerationRequest {
  content: string;
  strategy: Strategy;
  cardTypes: CardKind[];
  /** How many cards the strategy asks for, scaled to the content's length. */
  range: { min: number; max: number };
  signal?: AbortSignal;
  /** Told why a result is short (said to the user in the job's warnings). */
  onNote?: (note: string) => void;
}

export type CardGenerator = (request: GenerationRequest) => Promise<GeneratedCard[]>;
