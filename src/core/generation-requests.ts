import { z } from 'zod';

/** Requests of the generation API (SPEC §7 screen-level operations), shared by web and server. */

export const GENERATION_STRATEGY_NAMES = ['key_concepts', 'standard', 'detailed'] as const;
export const GENERATED_CARD_TYPES = ['qa', 'cloze'] as const;
export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const INPUT_TYPES = ['text', 'url', 'file'] as const;

/** Longest text accepted for generation (characters); the API body limit is 1 MB. */
export const MAX_SOURCE_CHARACTERS = 500_000;

/** Largest uploaded file (SPEC §9: 10 MB), enforced while the upload streams. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** What the File tab accepts (SPEC §5 lists these five at the service level). */
export const UPLOAD_EXTENSIONS = ['.txt', '.md', '.pdf', '.docx', '.doc'] as const;

export const REQUEST_MESSAGES = {
  noDeckId: 'No deck ID',
  enterText: 'Please enter some text',
  enterUrl: 'Please enter a URL',
  selectFile: 'Please select a file',
  invalidUrl: 'Invalid URL format',
  invalidInputMethod: 'Invalid input method',
  textTooLong: `Text must be at most ${MAX_SOURCE_CHARACTERS.toLocaleString('en-US')} characters`,
  fileTooLarge: 'File size exceeds 10MB limit',
  unsupportedFileType: 'Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md',
  strategy: 'Generation strategy must be key_concepts, standard or detailed',
  cardTypes: 'Requested card types must be qa, cloze or both',
} as const;

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

export interface JobParts {
  current: number;
  done: number;
  total: number;
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

/** Service messages of generation (SPEC §4 and §8), word for word. */
export const GENERATION_MESSAGES = {
  jobNotFound: 'Job not found',
  cancelledByUser: 'Cancelled by user',
  /** Cancel refusals per status; pending has none (it can be cancelled). */
  cancelRefusal: {
    pending: null,
    processing: 'Cannot cancel job that is already being processed',
    completed: 'Cannot cancel completed job',
    failed: 'Job has already failed',
  } as Record<(typeof JOB_STATUSES)[number], string | null>,
  canOnlyRetryFailed: 'Can only retry failed jobs',
  /** The job's progress while it runs ('Part 2 of 3'). */
  partOf: (parts: JobParts) => `Part ${parts.current} of ${parts.total}`,
  noSourceForRetry: 'No source content available for retry',
  notCompletedYet: 'Generation job is not completed yet',
  unknownError: 'Unknown generation error',
  invalidContent: (errors: string[]) => `Invalid content: ${errors.join(', ')}`,
  generationFailed: (message: string) => `Generation failed: ${message}`,
  /** A job that made no card fails with why, so that Retry is offered. */
  noCards: 'No cards could be made from this content',
  noCardsFromModel: 'The model returned no cards for this content',
  /** Cards were generated but none passed the checks (postprocess.ts): the main reason. */
  noCardPassed: (count: number, reason: string) =>
    `No cards could be made from this content: none of the ${count} generated ${count === 1 ? 'card' : 'cards'} passed the checks (most often: ${reason})`,
  /** A job that made fewer cards than its strategy's range: why (a job warning). */
  shortResult: (count: number, reason: string) =>
    `Only ${count} ${count === 1 ? 'card was' : 'cards were'} made: the others were left out (most often: ${reason})`,
  tooLong: 'Generation took too long and was stopped',
  interrupted: 'Generation failed: the job was interrupted too many times',
  startFailed: (message?: string) =>
    `Failed to start text, URL or file generation: ${message || 'Unknown error'}`,
  processUrl: (message: string) => `Failed to process URL: ${message}`,
  extractUrl: 'Failed to extract content from URL',
  invalidUrlFormat: 'Invalid URL format',
  processFile: (message: string) => `Failed to process file: ${message}`,
  extractFile: 'Failed to extract content from file',
} as const;
