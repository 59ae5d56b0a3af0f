import { z } from 'zod';
import { studyQuerySchema } from '../study-schemas';

/** Texts of the Anki export's query. */
export const ANKI_EXPORT_MESSAGES = {
  format: "format must be 'current' (Anki 2.1.50 and later) or 'legacy' (older Ankis)",
} as const;

/**
 * The package generations an .apkg export can be written in: `current` (what Anki writes
 * today: a zstd-compressed schema-18 collection) or `legacy` (a schema-11 collection, Anki's
 * 'Support older Anki versions', for Anki 2.1.49 and older).
 */
export const ANKI_PACKAGE_FORMATS = ['current', 'legacy'] as const;
export type AnkiPackageFormat = (typeof ANKI_PACKAGE_FORMATS)[number];

/** `GET …/export/anki`: the user's time zone (study days) and the package generation. */
export const ankiExportQuerySchema = studyQuerySchema.extend({
  format: z.enum(ANKI_PACKAGE_FORMATS, { message: ANKI_EXPORT_MESSAGES.format }).default('current'),
});
