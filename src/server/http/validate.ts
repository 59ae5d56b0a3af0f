import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, describeZodError, HttpError, safeParseForUser } from './errors';

/**
 * Reads a JSON body and validates it with a strict zod schema (unknown fields are refused).
 * Malformed JSON, a wrong content type and invalid fields all answer 400 with a clear message.
 */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Request body must be JSON (Content-Type: application/json)',
    );
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON in request body', 'INVALID_JSON');
  }
  const result = safeParseForUser(schema, value);
  if (!result.success) throw badRequest(describeZodError(result.error), 'VALIDATION_ERROR');
  return result.data;
}

/** Validates query parameters with a strict zod schema. */
export function readQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.output<Schema> {
  const result = safeParseForUser(schema, c.req.query());
  if (!result.success) throw badRequest(describeZodError(result.error), 'VALIDATION_ERROR');
  return result.data;
}

/**
 * Validates the text fields of a multipart form: a field sent once is a string, a repeated one
 * a list of strings.
 */
export function readForm<Schema extends z.ZodType>(
  fields: Record<string, string[]>,
  schema: Schema,
): z.output<Schema> {
  const value = Object.fromEntries(
    Object.entries(fields).map(([name, values]) => [
      name,
      values.length === 1 ? values[0] : values,
    ]),
  );
  const result = safeParseForUser(schema, value);
  if (!result.success) throw badRequest(describeZodError(result.error), 'VALIDATION_ERROR');
  return result.data;
}
