import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

/** Issue 24: the installable app that opens offline after one visit. */

async function deckWithCards(page: Page, name: string, fronts: string[]) {
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (await page.request.post('/api/decks', { data: { name }, headers })).json();
  for (const front of fronts) {
    const response = await page.request.post('/api/flashcards', {
      data: { deck_id: deck.id, front_content: front, back_content: `Answer to ${front}` },
      headers,
    });
    expect(response.status()).toBe(201);
  }
  return deck.id as string;
}

/** Waits until the service worker is active and controls the page (one reload after install). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() =>
      page
        .evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
        // A reload the worker starts (it takes control) replaces the page being asked.
        .catch(() => null),
    )
    .toMatch(/\/sw\.js$/);
}

test('installable: the manifest has what browsers ask for, and the worker controls the start URL', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('install'));
  await page.goto('/dashboard');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href ?? '');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Mnemo',
    short_name: 'Mnemo',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#0b0c16',
    background_color: '#0b0c16',
  });
  expect(manifest.prefer_related_applications ?? false).toBe(false);
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = icons.find((each) => each.sizes === sizes && each.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const image = await page.request.get(icon?.src ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  // Both themes colour the browser's title bar.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b0c16');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#fafafd');

  await controlledByServiceWorker(page);
  const scope = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.scope,
  );
  expect(new URL(manifest.start_url, scope).href.startsWith(scope ?? '-')).toBe(true);
  // The worker answers the start URL itself: offline it is still a 200 page.
  await page.context().setOffline(true);
  const offline = await page.goto('/dashboard');
  expect(offline?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
});

test('after one visit, the dashboard and a deck page open offline', async ({ page, context }) => {
  await signUp(page, uniqueEmail('offline'));
  const deckId = await deckWithCards(page, 'Rivers', ['Longest river?']);
  await page.goto(`/deck/${deckId}`);
  await expect(page.getByRole('heading', { name: 'Rivers' })).toBeVisible();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto(`/deck/${deckId}`);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // API answers were never cached by the worker: offline, they fail rather than go stale.
  const api = await page.evaluate(async () => {
    try {
      return (await fetch('/api/decks')).status;
    } catch {
      return 'network error';
    }
  });
  expect(api).toBe('network error');

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rivers' })).toBeVisible();
});

test('a new version is offered with Reload, but not in the middle of a study session', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('update'));
  const deckId = await deckWithCards(page, 'Seas', ['Saltiest sea?']);
  await page.goto(`/deck/${deckId}/learn`);
  await controlledByServiceWorker(page);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 1')).toBeVisible();

  // A new build of the worker appears on the server (the browser fetches the worker's script
  // itself, past Playwright's routing: the built file changes, and is put back afterwards).
  const sw = path.resolve('dist/web/sw.js');
  const original = await fs.readFile(sw);
  const compressed = [`${sw}.br`, `${sw}.gz`];
  const kept = await Promise.all(compressed.map((file) => fs.readFile(file).catch(() => null)));
  try {
    await Promise.all(compressed.map((file) => fs.rm(file, { force: true })));
    await fs.writeFile(sw, `${original.toString()}\n// next version\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect
      .poll(() =>
        page
          .evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
          .catch(() => null),
      )
      .toBe(true);
  } finally {
    await fs.writeFile(sw, original);
    await Promise.all(
      compressed.map((file, index) => {
        const bytes = kept[index];
        return bytes ? fs.writeFile(file, bytes) : Promise.resolve();
      }),
    );
  }
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
  await expect(page.getByText('A new version is ready')).toHaveCount(0);

  // Leaving the session: now it is offered, and Reload takes it.
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await page.goto('/dashboard');
  await expect(page.getByText('A new version is ready')).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect
    .poll(() =>
      page
        .evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
        // Reload replaces the page being asked: ask the next one.
        .catch(() => null),
    )
    .toBe(false);
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
});
