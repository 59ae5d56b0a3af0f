import { type ApiRoute, route } from '../http/route-table';
import { getUsage } from './quotas.service';

/** Issue 21: what the user uses of their quotas (Settings → Usage). */
export const quotaRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/usage',
    tag: 'Preferences',
    summary:
      'Your storage (uploads and card media, in bytes) and cards, each with its quota (USER_STORAGE_QUOTA_MB, USER_CARD_QUOTA)',
    errors: {},
    example: {},
    handle: ({ db, storage, user, limits }) => getUsage(db, storage, user.id, limits.quotas),
  }),
];
