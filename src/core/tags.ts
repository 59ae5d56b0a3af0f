import { z } from 'zod';
import { normalizeTags, TAG_MESSAGES, TAG_MAX_LENGTH, TAGS_MAX } from './tag-text';

/** Tags without zod (the web app's forms import tag-text.ts); the API's schema below. */
export * from './tag-text';

/** The API's `tags` field: a list of words (a string is split on spaces too). */
export const tagsSchema = z
  .union([z.array(z.string()), z.string()], { message: 'Tags must be a list of words' })
  .transform((value) => normalizeTags(value))
  .refine((tags) => tags.every((tag) => tag.length <= TAG_MAX_LENGTH), TAG_MESSAGES.tooLong)
  .refine((tags) => tags.length <= TAGS_MAX, TAG_MESSAGES.tooMany);
