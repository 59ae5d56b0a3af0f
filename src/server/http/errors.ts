import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { z, ZodError } from 'zod';

/** The one error shape of Mnemo's API: `{ "error": { "code", "message" } }`. */
export interface ErrorBody {
  error: { code: string; message: string };
}

/** A failure with a status and a message meant for the user. Services throw these. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') =>
  new HttpError(400, code, message);
export const unauthorized = (message = 'User not authenticated') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new HttpError(403, code, message);
export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/**
 * Names the field in zod's own generic messages ("limit: Too small: expected number to be >=1"),
 * which say nothing about which field they are about. Passed as the parse's error map, it is
 * asked only for issues that have no message of ours: the texts of SPEC §5 that the schemas in
 * src/core carry reach the user as they are ('Invalid URL format').
 */
export function namedFieldError(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  }
  const generic = z.config().localeError?.(issue);
  const message = typeof generic === 'string' ? generic : generic?.message;
  if (!message) return undefined;
  const where = (issue.path ?? []).join('.');
  return where ? `${where}: ${message}` : message;
}

/** Parses with `namedFieldError`, so every message is ready to be shown to the user. */
export function safeParseForUser<Schema extends z.ZodType>(schema: Schema, value: unknown) {
  return schema.safeParse(value, { error: namedFieldError });
}

/** Formats zod issues as one sentence for the user: "Front content is required; Back ...". */
export function describeZodError(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

/** The single error handler: known errors become their status, anything else a logged 500. */
export function handleError(error: Error, c: Context, logger: Logger): Response {
  if (error instanceof HttpError) {
    return c.json(errorBody(error.code, error.message), error.status);
  }
  if (error instanceof ZodError) {
    return c.json(errorBody('VALIDATION_ERROR', describeZodError(error)), 400);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status >= 500) logger.error({ err: error }, 'http exception');
    const code =
      status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 401 ? 'UNAUTHORIZED' : 'HTTP_ERROR';
    return c.json(errorBody(code, error.message || 'Request failed'), status);
  }
  logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return c.json(
    errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'),
    500,
  );
}
