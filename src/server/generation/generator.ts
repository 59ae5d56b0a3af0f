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
  /** The document's title, when the job has one (the LLM's prompt names it). */
  title?: string | null;
  strategy: Strategy;
  cardTypes: CardKind[];
  /** How many cards the strategy asks for, scaled to the content's length. */
  range: { min: number; max: number };
  signal?: AbortSignal;
  /** Told why a result is short (said to the user in the job's warnings). */
  onNote?: (note: string) => void;
  /** Told which part of the content is being worked on ('part 2 of 3'). */
  onProgress?: (part: number, parts: number) => void;
  /** Where the details of failures go (never to the user). */
  log?: { warn: (detail: object, message: string) => void };
}

export type CardGenerator = ((request: GenerationRequest) => Promise<GeneratedCard[]>) & {
  /** True when the job's drops are said in one warning (the LLM path, issue 22). */
  reportsDrops?: boolean;
};
