import { HttpError } from '../http/errors';

/**
 * Intake's messages (SPEC §5, §8), word for word. They mirror GENERATION_MESSAGES and
 * GENERATION_INPUT_MESSAGES of src/core; kept here so intake depends on nothing in flux.
 */
export const INTAKE_MESSAGES = {
  invalidUrlFormat: 'Invalid URL format',
  processUrl: (message: string) => `Failed to process URL: ${message}`,
  extractUrl: 'Failed to extract content from URL',
  processFile: (message: string) => `Failed to process file: ${message}`,
  extractFile: 'Failed to extract content from file',
  fileTooLarge: 'File size exceeds 10MB limit',
  unsupportedFileType: 'Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md',
  selectFile: 'Please select a file',
} as const;

/** Statuses intake answers with: all 4xx, the input is at fault. */
export type IntakeStatus = 400 | 413 | 415 | 422;

/**
 * A failure of intake whose message is meant for the user, with the HTTP status the route
 * answers (it is an HttpError, so the API's error handler needs no translation) and a stable
 * code for logs and clients.
 */
export class IntakeError extends HttpError {
  constructor(message: string, status: IntakeStatus = 422, code = 'INTAKE_FAILED') {
    super(status, code, message);
    this.name = 'IntakeError';
  }
}
