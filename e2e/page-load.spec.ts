import fs from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/helpers';

/**
 * What a page costs to load (the bytes on the wire, summed over every response until the
 * network is idle, in a fresh browser with an empty cache) and how still it stays while it
 * loads (cumulative layout shift). The weights are written to .tmp/page-weight.json for
 * docs/PERFORMANCE.md.
 */

interface Weight {
  page: string;
  requests: number;
  /** Bytes on the wire (encoded bodies): compressed when the server compressed. */
  transferred: number;
  /** The same bodies gzipped here (level 9): what they would cost compressed. */
  gzip: number;
  js: number;
  jsGzip: number;
  chunks: string[];
}

async function signedUpState(browser: Browser, baseURL: string, decks: number) {
  const context = await browser.newContext({ baseURL });
  const headers = { origin: baseURL };
  const email = uniqueEmail('weight');
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: email },
    headers,
  });
  expect(signUp.ok()).toBe(true);
  // A sign-up does not sign in (SIGN_UP_SIGNS_IN defaults to false): the password does.
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers,
  });
  expect(signIn.ok()).toBe(true);
  let deckId = '';
  for (let index = 0; index < decks; index++) {
    const deck = await context.request.post('/api/decks', {
      data: { name: `Deck ${index + 1}`, description: `Cards about topic ${index + 1}` },
      headers,
    });
    expect(deck.status()).toBe(201);
    deckId ||= ((await deck.json()) as { id: string }).id;
  }
  const cards = Array.from({ length: 30 }, (_, index) => ({
    deck_id: deckId,
    front_content: `Question ${index} with $x^${index}$`,
    back_content: `**Answer** ${index}`,
  }));
  const bulk = await context.request.post('/api/flashcards/bulk', { data: { cards }, headers });
  expect(bulk.status()).toBe(201);
  const state = await context.storageState();
  await context.close();
  return { state, deckId };
}

async function weigh(page: Page, name: string, path: string, ready: () => Promise<void>) {
  const responses: Promise<{ url: string; encoded: number; gzip: number; js: boolean }>[] = [];
  page.on('response', (response) => {
    responses.push(
      (async () => {
        const sizes = await response.request().sizes();
        const body = await response.body().catch(() => Buffer.alloc(0));
        const type = response.headers()['content-type'] ?? '';
        return {
          url: response.url(),
          encoded: sizes.responseBodySize,
          gzip: body.length === 0 ? 0 : gzipSync(body, { level: 9 }).length,
          js: type.includes('javascript'),
        };
      })(),
    );
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(responses);
  const weight: Weight = {
    page: name,
    requests: all.length,
    transferred: all.reduce((sum, item) => sum + item.encoded, 0),
    gzip: all.reduce((sum, item) => sum + item.gzip, 0),
    js: all.filter((item) => item.js).reduce((sum, item) => sum + item.encoded, 0),
    jsGzip: all.filter((item) => item.js).reduce((sum, item) => sum + item.gzip, 0),
    chunks: all.filter((item) => item.js).map((item) => new URL(item.url).pathname),
  };
  return weight;
}

test('page weights: the landing page loads no auth client and stays light', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const { state, deckId } = await signedUpState(browser, base, 6);
  const weights: Weight[] = [];
  const measure = async (
    name: string,
    path: string,
    signedIn: boolean,
    ready: (page: Page) => Promise<void>,
  ) => {
    const context = await browser.newContext({
      baseURL: base,
      ...(signedIn ? { storageState: state } : {}),
    });
    const page = await context.newPage();
    weights.push(await weigh(page, name, path, () => ready(page)));
    await context.close();
  };
  await measure('landing', '/', false, (page) =>
    expect(page.getByRole('link', { name: 'Create account' }).first()).toBeVisible(),
  );
  await measure('login', '/login', false, (page) =>
    expect(page.getByLabel('Email address')).toBeVisible(),
  );
  await measure('dashboard', '/dashboard', true, (page) =>
    expect(page.getByRole('heading', { name: 'Deck 6' })).toBeVisible(),
  );
  await measure('deck page', `/deck/${deckId}`, true, (page) =>
    expect(page.getByText(/^Question \d+/).first()).toBeVisible(),
  );
  await fs.mkdir('.tmp', { recursive: true });
  await fs.writeFile('.tmp/page-weight.json', `${JSON.stringify(weights, null, 2)}\n`);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  for (const weight of weights) {
    console.log(
      `${weight.page}: ${weight.requests} requests, ${kib(weight.transferred)} transferred ` +
        `(${kib(weight.gzip)} gzipped), JS ${kib(weight.js)} transferred (${kib(weight.jsGzip)} gzipped)`,
    );
  }

  const landing = weights[0] as Weight;
  // Compressed on the wire: what was sent is within 10% of the gzipped bodies.
  expect(landing.transferred).toBeLessThan(landing.gzip * 1.1);
  // A signed-out visitor loads no auth client and no screens of signed-in users.
  expect(
    landing.chunks.filter((chunk) => /auth-client|card-content|dashboard/.test(chunk)),
  ).toEqual([]);
  // Below the 164 KiB measured before the split (it was 162 KiB after issue 9's other changes;
  // sonner's toaster and the header's menus are still in the first bundle), plus the service
  // worker's registration and update prompt (issue 24: about 1 KiB), plus the offline fallbacks
  // of the deck queries (issue 24: about 2 KiB). Sonner's toaster now loads after the page (the
  // first bundle lost 12 KiB brotli), so it still counts here, where every byte until idle does.
  expect(landing.jsGzip).toBeLessThan(168 * 1024);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the dashboard deck grid does not shift while it loads (CLS below 0.1, ${viewport.name})`, async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const { state } = await signedUpState(browser, base, 5);
    const context = await browser.newContext({
      baseURL: base,
      storageState: state,
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    // A server a little slower than this machine's: each API answer waits 300 ms, so the
    // loading states are painted as a user on a real network sees them.
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.addInitScript(() => {
      const win = window as unknown as { __cls: number; __shifts: string[] };
      win.__cls = 0;
      win.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node }[];
        }[]) {
          if (entry.hadRecentInput) continue;
          win.__cls += entry.value;
          const nodes = (entry.sources ?? []).map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName}.${source.node.className}`.slice(0, 80)
              : String(source.node?.nodeName),
          );
          win.__shifts.push(`${entry.value.toFixed(3)} ${nodes.join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Deck 5' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const { cls, shifts, cardHeight } = await page.evaluate(() => {
      const win = window as unknown as { __cls: number; __shifts: string[] };
      const card = document.querySelector('main article');
      return {
        cls: win.__cls,
        shifts: win.__shifts,
        cardHeight: card?.getBoundingClientRect().height,
      };
    });
    console.log(
      `dashboard CLS (${viewport.name}): ${cls.toFixed(3)}, deck card ${cardHeight} px\n  ${shifts.join('\n  ')}`,
    );
    expect(cls).toBeLessThan(0.1);
    await context.close();
  });
}

test("a returning user's deck page asks for its deck and cards while the session is checked", async ({
  page,
}) => {
  // Issue 19: the deck page asked in turn for the session, the deck and its cards (three round
  // trips on a slow network). Here the session's answer is held until the deck's and the cards'
  // requests have gone out: it is released only if they do not wait for it.
  await signUp(page, uniqueEmail('prefetch'));
  const origin = new URL(page.url()).origin;
  const deck = await page.request.post('/api/decks', {
    data: { name: 'Prefetched' },
    headers: { origin },
  });
  const { id } = (await deck.json()) as { id: string };
  const seen: string[] = [];
  page.on('request', (request) => seen.push(new URL(request.url()).pathname));
  let heldFor = 0;
  await page.route('**/api/auth/get-session', async (route) => {
    const asked = () => seen.includes(`/api/decks/${id}`) && seen.includes('/api/flashcards');
    for (; heldFor < 15_000 && !asked(); heldFor += 100) await page.waitForTimeout(100);
    await route.continue();
  });
  await page.goto(`/deck/${id}`);
  await expect(page.getByRole('heading', { name: 'Prefetched', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const order = seen.filter((path) =>
    ['/api/auth/get-session', `/api/decks/${id}`, '/api/flashcards'].includes(path),
  );
  expect(order.slice(0, 3).sort()).toEqual(
    ['/api/auth/get-session', `/api/decks/${id}`, '/api/flashcards'].sort(),
  );
  expect(heldFor).toBeLessThan(15_000);
});

test('the session is asked for beside the app’s script, once, not after the script has run', async ({
  page,
}) => {
  // Issue 19: public/boot.js starts the session request in <head>; the app takes its answer.
  // The app's entry script is held for a second: the session request must go out meanwhile.
  const events: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/get-session') events.push('session');
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    events.push('entry sent');
    await route.continue();
  });
  // The landing page: no screen there loads better-auth's client, which asks again for itself.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create account' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(events.indexOf('session')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('session')).toBeLessThan(events.indexOf('entry sent'));
  expect(events.filter((event) => event === 'session')).toHaveLength(1);
});

test("a returning user's deck page asks for its data beside the app's script, each request once", async ({
  page: first,
  browser,
  baseURL,
}) => {
  // Issue 19: public/boot.js starts the deck page's first GETs in <head> for a user this device
  // has seen signed in; the app's API client takes those answers instead of asking again.
  await signUp(first, uniqueEmail('early-data'));
  const origin = new URL(first.url()).origin;
  const deck = await first.request.post('/api/decks', {
    data: { name: 'Early data' },
    headers: { origin },
  });
  const { id } = (await deck.json()) as { id: string };
  await first.goto('/dashboard');
  await expect(first.getByRole('heading', { name: 'Early data' })).toBeVisible();
  // The same device (its storage) on a load from the network, not from the service worker.
  const context = await browser.newContext({
    baseURL,
    storageState: await first.context().storageState(),
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const events: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === `/api/decks/${id}` || pathname === '/api/flashcards') events.push(pathname);
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    events.push('entry sent');
    await route.continue();
  });
  await page.goto(`/deck/${id}`);
  await expect(page.getByRole('heading', { name: 'Early data', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const entry = events.indexOf('entry sent');
  expect(events.indexOf(`/api/decks/${id}`)).toBeLessThan(entry);
  expect(events.indexOf('/api/flashcards')).toBeLessThan(entry);
  expect(events.filter((event) => event === `/api/decks/${id}`)).toHaveLength(1);
  expect(events.filter((event) => event === '/api/flashcards')).toHaveLength(1);
  await context.close();
});
