import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type updatePreferencesSchema,
} from '../../core/preferences-schemas';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import { findPreferences, upsertPreferences } from './preferences.repository';

export async function getPreferences(db: Kysely<Database>, userId: string): Promise<Preferences> {
  const row = await findPreferences(db, userId);
  return row ? { default_scheduler: row.default_scheduler } : DEFAULT_PREFERENCES;
}

export async function updatePreferences(
  db: Kysely<Database>,
  userId: string,
  input: z.output<typeof updatePreferencesSchema>,
): Promise<Preferences> {
  await upsertPreferences(db, userId, { ...input, updated_at: nowIso() });
  return getPreferences(db, userId);
}
