import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ANSWER_SYNC_TAG, SEND_ANSWERS_MESSAGE, sendWaiting } from './features/study/answer-store';

/**
 * The service worker (issue 24; built by vite-plugin-pwa, injectManifest, see vite.config.ts):
 * precaches the app shell and its assets so every page opens offline after one visit
 * (navigations fall back to index.html, never /api/), answers /api/media/ from the
 * 'mnemo-media' cache when the network fails, waits until the user accepts a new version
 * (src/web/lib/pwa.ts), and sends the answers waiting when the browser's background sync
 * fires: an open page is asked to send them itself (it alone knows an answer it took back),
 * else the worker sends them, the page's way (features/study/answer-store.ts).
 */

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  readonly tag: string;
}
interface WorkerScope {
  clients: {
    matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

declare global {
  interface Window {
    /** The precache list vite-plugin-pwa injects at build time. */
    __WB_MANIFEST: { url: string; revision: string | null }[];
  }
}

const worker = globalThis as unknown as WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/healthz$/, /^\/readyz$/, /^\/\.well-known\//],
  }),
);
// Media of the decks kept for offline (content-addressed names: a name's bytes never change):
// the page stores them in 'mnemo-media', the worker answers from there when the network fails.
// Nothing else under /api/ is ever cached.
registerRoute(
  ({ url }) => url.pathname.startsWith('/api/media/'),
  new NetworkFirst({
    cacheName: 'mnemo-media',
    networkTimeoutSeconds: 10,
    plugins: [new ExpirationPlugin({ maxEntries: 5000 })],
  }),
);

// 'A new version is ready — Reload' accepted (workbox-window's messageSkipWaiting).
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') {
    void worker.skipWaiting();
  }
});

async function syncAnswers(): Promise<void> {
  const pages = await worker.clients.matchAll({ type: 'window' });
  if (pages.length > 0) {
    for (const page of pages) page.postMessage({ type: SEND_ANSWERS_MESSAGE });
    return;
  }
  await sendWaiting(); // throws when it failed: the browser tries again later
}

worker.addEventListener('sync', (event) => {
  if (event.tag === ANSWER_SYNC_TAG) event.waitUntil(syncAnswers());
});
