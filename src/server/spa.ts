import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';
import { matchAppPath } from '../core/app-paths';
import { createPageHtml } from './page-preloads';

/** Files the browser must revalidate every time: the service worker and the app's manifest. */
const NO_CACHE_FILES = new Set(['/sw.js', '/manifest.webmanifest']);

/** The last segment of a path has an extension: a request for a file, never a client route. */
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * Serves the built single-page app from `dist/web`: files that exist (hashed assets with a long
 * cache; a precompressed .br or .gz beside one is sent to a client that accepts it), 404 for a
 * file that does not, and index.html for every other GET that is not an API route (the client
 * router takes over).
 */
export function mountSpa<E extends Env>(app: Hono<E>, distDir: string): void {
  const root = path.relative(process.cwd(), distDir) || '.';
  const indexFile = path.join(distDir, 'index.html');
  const pageHtml = createPageHtml(distDir);
  const serveFile = serveStatic({ root, precompressed: true });
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The service worker and the manifest are checked for a new version at every start: never
  // kept by the HTTP cache (the worker itself caches the app, see vite.config.ts).
  app.use('*', async (c, next) => {
    await next();
    if (NO_CACHE_FILES.has(c.req.path) && c.res.status === 200) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  app.use('*', async (c, next) => {
    // Only regular files under dist/web (favicon, robots.txt, boot.js…); "/" and folders
    // fall through to index.html below instead of being sent as a download.
    const relative = c.req.path.replace(/^\/+/, '');
    const candidate = path.resolve(distDir, relative);
    const inside = candidate.startsWith(path.resolve(distDir) + path.sep);
    // Hidden files are the build's own (.vite/manifest.json, read by page-preloads.ts).
    const hidden = relative.split('/').some((part) => part.startsWith('.'));
    if (
      inside &&
      !hidden &&
      relative !== '' &&
      fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()
    ) {
      return serveFile(c, next);
    }
    return next();
  });
  app.get('*', (c) => {
    if (c.req.path.startsWith('/assets/') || FILE_LIKE.test(c.req.path)) {
      return c.text('Not found', 404);
    }
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    // An unknown page is a 404 to browsers and crawlers, shown by the app's own 404 page.
    const page = matchAppPath(c.req.path);
    return c.html(pageHtml(page), page ? 200 : 404);
  });
}
