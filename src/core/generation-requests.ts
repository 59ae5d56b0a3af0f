import { z } from 'zod';
import {
  GENERATED_CARD_TYPES,
  GENERATION_STRATEGY_NAMES,
  JOB_STATUSES,
  INPUT_TYPES,
  type JobParts,
  MAX_SOURCE_CHARACTERS,
  REQUEST_MESSAGES,
} from './generation-texts';

export * from './generation-texts';

/** Requests of the generation API (SPEC §7 screen-level operations), shared by web and server. */

const deckId = z
  .string({ message: REQUEST_MESSAGES.noDeckId })
  .trim()
  .min(1, REQUEST_MESSAGES.noDeckId)
  .max(100);

export const generationOptionsShape = {
  generationStrategy: z
    .enum(GENERATION_STRATEGY_NAMES, { message: REQUEST_MESSAGES.strategy })
    .default('standard'),
  requestedCardTypes: z
    .array(z.enum(GENERATED_CARD_TYPES, { message: REQUEST_MESSAGES.cardTypes }), {
      message: REQUEST_MESSAGES.cardTypes,
    })
    .min(1, REQUEST_MESSAGES.cardTypes)
    .max(2, REQUEST_MESSAGES.cardTypes)
    .default(['qa', 'cloze'])
    .transform((types) => [...new Set(types)]),
};

/** True when the text parses as an http(s) URL (SPEC §5: 'Invalid URL format' otherwise). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const textGenerationSchema = z.strictObject({
  deckId,
  content: z
    .string({ message: REQUEST_MESSAGES.enterText })
    .refine((text) => text.trim().length > 0, { message: REQUEST_MESSAGES.enterText, abort: true })
    .refine((text) => text.length <= MAX_SOURCE_CHARACTERS, REQUEST_MESSAGES.textTooLong),
  /** Set when the text was read from a .txt or .md file in the browser (the File tab). */
  fileName: z.string().trim().min(1).max(255).optional(),
  ...generationOptionsShape,
});

export const urlGenerationSchema = z.strictObject({
  deckId,
  url: z
    .string({ message: REQUEST_MESSAGES.enterUrl })
    .trim()
    .min(1, { message: REQUEST_MESSAGES.enterUrl, abort: true })
    .max(2048, { message: REQUEST_MESSAGES.invalidUrl, abort: true })
    .refine(isHttpUrl, REQUEST_MESSAGES.invalidUrl),
  ...generationOptionsShape,
});

/**
 * The form fields that travel with an uploaded file (multipart/form-data). A field sent once is
 * a string, so the card types may come as repeated fields or as one list: 'qa,cloze'.
 */
export const fileGenerationFieldsSchema = z.strictObject({
  deckId,
  generationStrategy: generationOptionsShape.generationStrategy,
  requestedCardTypes: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : value,
    generationOptionsShape.requestedCardTypes,
  ),
});

export const jobListSchema = z.strictObject({
  deck_id: z.string().max(100).optional(),
  status: z.enum(JOB_STATUSES).optional(),
  input_type: z.enum(INPUT_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const jobStatusQuerySchema = z.strictObject({
  /** Hold the request up to this many seconds while the status is still `known`. */
  wait: z.coerce.number().int().min(0).max(25).default(0),
  known: z.enum(JOB_STATUSES).optional(),
});

export const jobStatsQuerySchema = z.strictObject({
  deck_id: z.string().max(100).optional(),
});

/** A generation job as the API returns it (the source content stays on the server). */
export interface GenerationJob {
  id: string;
  deck_id: string;
  input_type: (typeof INPUT_TYPES)[number];
  source_url: string | null;
  source_file_path: string | null;
  source_title: string | null;
  generation_strategy: (typeof GENERATION_STRATEGY_NAMES)[number];
  requested_card_types: (typeof GENERATED_CARD_TYPES)[number][];
  status: (typeof JOB_STATUSES)[number];
  error_message: string | null;
  warnings: string[];
  /** Words of the source text (for the time estimate of SPEC §9). */
  word_count: number;
  cards_created: number;
  attempts: number;
  /**
   * Where the job is in its text (issue 22 §2): the part being worked on, the parts done and
   * the parts in all ('part 2 of 3'); null until the text is cut into parts.
   */
  parts: JobParts | null;
  /** The parts whose answer could not be read: Retry asks only those again. */
  failed_parts: number[];
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GenerationStats {
  total: number;
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  /** completed / total as a percentage (SPEC §9). */
  success_rate: number;
}
