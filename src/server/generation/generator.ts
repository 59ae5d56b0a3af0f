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

/** The lowest part being worked on, the parts done and the parts in all. */
export interface PartProgress {
  current: number;
  done: number;
  total: number;
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
  /** Told which part of the content is being worked on and how many are done ('part 2 of 3'). */
  onProgress?: (progress: PartProgress) => void;
  /**
   * A retry of a job some of whose parts failed: only these parts (numbered from 1) are asked
   * again, the others' cards exist already; a part that fails again is not the job's failure.
   */
  onlyParts?: number[];
  /** Told which parts failed, out of how many (their cards are missing; Retry asks again). */
  onFailedParts?: (parts: number[], total: number) => void;
  /** Where the details of failures go (never to the user). */
  log?: { warn: (detail: object, message: string) => void };
}

export type CardGenerator = ((request: GenerationRequest) => Promise<GeneratedCard[]>) & {
  /** True when the job's drops are said in one warning (the LLM path, issue 22). */
  reportsDrops?: boolean;
};
