/**
 * The generation API's constants and messages, without zod: the web app's panels import these
 * (the schemas in generation-requests.ts, which re-exports them, stay out of a page's first
 * script; issue 19).
 */

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

export interface JobParts {
  current: number;
  done: number;
  total: number;
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
