import { type ApiRoute, route } from '../http/route-table';
import { MEDIA_MESSAGES, serveMedia } from './media.service';

/** Issue 12: the images and sounds of imported Anki cards, served to their owner. */
export const mediaRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/media/:name',
    tag: 'Import and export',
    summary:
      'One of your stored media files (<sha256>.<ext>: png, jpg, gif, webp, mp3, ogg, wav, m4a), as cards show it',
    errors: { 404: [MEDIA_MESSAGES.notFound] },
    example: {},
    handle: ({ storage, user, params }) => serveMedia(storage, user.id, params.name ?? ''),
  }),
];
