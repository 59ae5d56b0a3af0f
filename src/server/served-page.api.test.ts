import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationJob } from '../core/generation-requests';
import { createDeck, finishedJob, json, newUser } from '../../test/support/fixtures';
import { startTestServer, type TestServer } from '../../test/support/test-server';

/**
 * The server as `npm start` runs it (scripts/start.mjs: build what changed, then the built
 * JavaScript from dist/server), and what it serves besides the API: the built web app,
 * compressed when the client asks, robots.txt, and 404 for files that do not exist.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ built: true });
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers, body not decoded (fetch would add and undo compression). */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode(raw: Raw): Buffer {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body);
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body);
  if (encoding === 'deflate') return zlib.inflateSync(raw.body);
  return raw.body;
}

async function mainScript(): Promise<string> {
  const html = (await rawGet('/')).body.toString();
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src).toBeTruthy();
  return src ?? '';
}

describe('the built server (npm start)', () => {
  it('runs from dist/server and answers /readyz', async () => {
    expect(server.process.spawnargs).toContain('scripts/start.mjs');
    await expect(fs.stat(path.resolve('dist/server/main.mjs'))).resolves.toBeTruthy();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });

  it('finds its worker-thread files: built-in generation and a .docx upload', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Built');
    const content = [
      'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells.',
      'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO catalyses the first step of carbon fixation.',
    ].join('\n\n');
    const job = await json<GenerationJob>(
      await user.post('/api/generation/text', { deckId: deck.id, content }),
      201,
    );
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });

    const body = new FormData();
    body.set('deckId', deck.id);
    body.set('generationStrategy', 'key_concepts');
    const docx = await fs.readFile(path.resolve('e2e/fixtures/volcanoes.docx'));
    body.set('file', new File([new Uint8Array(docx)], 'volcanoes.docx'));
    const upload = await json<GenerationJob>(
      await user.request('/api/generation/file', { method: 'POST', body }),
      201,
    );
    expect(await finishedJob(user, upload.id, 60_000)).toMatchObject({ status: 'completed' });
  });
});

describe('compression', () => {
  it('sends a JS asset brotli- or gzip-compressed when asked, plain when not', async () => {
    const script = await mainScript();
    const plain = await rawGet(script);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    for (const [asked, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const packed = await rawGet(script, { 'accept-encoding': asked });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(expected);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.headers['cache-control']).toContain('immutable');
      expect(packed.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(packed).equals(plain.body)).toBe(true);
    }
  });

  it('compresses JSON API responses and the page when asked, not otherwise', async () => {
    const plain = await rawGet('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await rawGet('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-type']).toMatch(/application\/json/);
    expect(packed.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decode(packed).toString())).toEqual(JSON.parse(plain.body.toString()));

    const page = await rawGet('/dashboard', { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(decode(page).toString()).toContain('<div id="root">');
  });
});

describe('files and client routes', () => {
  it('serves robots.txt: everything but the API', async () => {
    const robots = await rawGet('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const text = robots.body.toString();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });

  it("answers 404 for files and pages that do not exist, index.html for the app's pages", async () => {
    for (const missing of [
      '/favicon.ico',
      '/wp-login.php',
      '/.env',
      '/sitemap.xml',
      '/assets/missing-abc123.js',
      '/assets/nothing-here',
      '/deck/some-id/photo.png',
      '/.vite/manifest.json',
    ]) {
      const response = await rawGet(missing);
      expect(response.status, missing).toBe(404);
      expect(response.body.toString(), missing).not.toContain('<div id="root">');
    }
    for (const route of ['/', '/dashboard', '/deck/0a1b2c', '/deck/x/learn', '/settings/']) {
      const response = await rawGet(route);
      expect(response.status, route).toBe(200);
      expect(response.body.toString(), route).toContain('<div id="root">');
    }
    // An unknown page: 404 to browsers and crawlers, with the app (its own 404 page).
    for (const route of ['/no/such/page', '/deck', '/deck/x/unknown', '/dashboards']) {
      const response = await rawGet(route);
      expect(response.status, route).toBe(404);
      expect(response.body.toString(), route).toContain('<div id="root">');
    }
    expect((await rawGet('/favicon.svg')).status).toBe(200);
  });

  it("lists a page's own chunks in its HTML, so the browser fetches them beside the entry", async () => {
    const manifest = JSON.parse(
      await fs.readFile(path.join(process.cwd(), 'dist/web/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const deckChunk = manifest['app/routes/deck.tsx']?.file;
    const statsChunk = manifest['app/routes/stats.tsx']?.file;
    expect(deckChunk).toBeTruthy();
    const deckPage = (await rawGet('/deck/0a1b2c')).body.toString();
    expect(deckPage).toContain(
      `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${deckChunk}">`,
    );
    expect(deckPage).not.toContain(`/${statsChunk}`);
    expect((await rawGet('/stats')).body.toString()).toContain(`/${statsChunk}`);
    // The landing page is in the entry; an unknown page loads no page's chunks either.
    for (const route of ['/', '/no/such/page']) {
      const html = (await rawGet(route)).body.toString();
      expect(html, route).not.toContain(`/${deckChunk}`);
      expect(html, route).not.toContain(`/${statsChunk}`);
    }
  });
});
