import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { mediaPrefix } from '../../media/media-paths';
import { checkCardQuota, checkStorageQuota, type Quotas } from '../../quotas/quotas.service';
import type { FileStorage } from '../../storage/storage';
import type { PagedPlan } from './plan-pages';
import { findImportedCards } from './import.repository';

/**
 * Refuses a whole package, before anything of it is stored or written, when its new cards
 * (notes seen before only update theirs) or its media files not stored yet would take the user
 * past a quota (issue 21).
 */
export async function checkImportQuotas(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  quotas: Quotas,
  plan: PagedPlan,
): Promise<void> {
  const existing = await findImportedCards(db, userId, plan.guids);
  const known = new Set(existing.map((row) => `${row.anki_guid}\u0000${row.anki_ord}`));
  let adding = 0;
  for await (const page of plan.cardPages()) {
    adding += page.filter((card) => !known.has(`${card.guid}\u0000${card.ord}`)).length;
  }
  await checkCardQuota(db, userId, quotas, adding);
  const prefix = mediaPrefix(userId);
  const stored = new Set((await storage.list(prefix)).map((o) => o.path.slice(prefix.length)));
  const bytes = plan.media
    .filter((file) => !stored.has(file.name))
    .reduce((sum, file) => sum + file.bytes.length, 0);
  await checkStorageQuota(storage, userId, quotas, bytes);
}
