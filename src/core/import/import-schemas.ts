import { z } from 'zod';
import { columnMappingSchema, IMPORT_MESSAGES } from './text-import-cards';

/**
 * Characters of pasted text one import may hold (the API's JSON bodies are at most 1 MB); a
 * file goes up as an upload of at most 10 MB (`…/import/text/file`).
 */
export const IMPORT_TEXT_MAX = 1_000_000;

const text = z
  .string({ message: IMPORT_MESSAGES.textRequired })
  .min(1, IMPORT_MESSAGES.textRequired)
  .max(
    IMPORT_TEXT_MAX,
    `The text must be at most ${IMPORT_TEXT_MAX.toLocaleString('en-US')} characters`,
  )
  .refine((value) => value.trim().length > 0, IMPORT_MESSAGES.textRequired);

/** Preview: the text, and the mapping to check (the file's suggested one when omitted). */
export const previewTextImportSchema = z.strictObject({
  text,
  mapping: columnMappingSchema.optional(),
});

/** Import: with `skip_bad_lines` the good rows are imported and the bad ones reported. */
export const textImportSchema = z.strictObject({
  text,
  mapping: columnMappingSchema.optional(),
  skip_bad_lines: z.boolean({ message: 'skip_bad_lines must be true or false' }).default(false),
});

/** The form of a file import: the mapping as JSON text, `skip_bad_lines` as 'true'/'false'. */
export const textFileImportSchema = z.strictObject({
  mapping: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        json = null;
      }
      const parsed = columnMappingSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      context.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? 'mapping must be JSON',
      });
      return z.NEVER;
    }),
  skip_bad_lines: z
    .enum(['true', 'false'], { message: 'skip_bad_lines must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

export interface TextImportPreview {
  format: 'anki' | 'quizlet' | 'csv';
  separator: string;
  html: boolean;
  column_count: number;
  columns: string[];
  mapping: z.output<typeof columnMappingSchema>;
  rows: { line: number; fields: string[] }[];
  total_rows: number;
  card_count: number;
  /** Lines starting with `#` taken as comments (0 when they were asked for as cards). */
  comment_lines: number;
  problems: { line: number; message: string }[];
  /** Anki's `#deck:` and `#notetype:` headers, reported (the cards go to the chosen deck). */
  deck: string | null;
  notetype: string | null;
  /** Anki's `#tags:` header: added to every card. */
  tags: string[];
  /** Anki's `#… column:` headers (numbered from 1), reported. */
  meta_columns: {
    guid: number | null;
    notetype: number | null;
    deck: number | null;
    tags: number | null;
  };
}

export interface TextImportResult {
  imported_rows: number;
  card_count: number;
  skipped: { line: number; message: string }[];
}
