import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './http/security';
import { mountSpa } from './spa';

/**
 * What the server does for the installable app (issue 24): the service worker and the manifest
 * are revalidated at every start (no-cache), hashed assets are kept a year, and the CSP lets the
 * app register its own worker and read its own manifest.
 */
let dist: string;
let app: Hono;

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-spa-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Mnemo"}');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  app = new Hono();
  app.use(securityHeaders());
  mountSpa(app, dist);
});

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the installable app', () => {
  it('serves the service worker as JavaScript that the browser revalidates every time', async () => {
    const response = await app.request('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the manifest with its type, revalidated too', async () => {
    const response = await app.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps hashed assets a year, unlike the worker', async () => {
    const response = await app.request('/assets/index-abc.js');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it("allows the app's own worker and manifest in the CSP, nothing from elsewhere", async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toMatch(/worker-src[^;]*(\*|https?:)/);
  });
});
