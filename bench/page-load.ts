/**
 * Page load on a throttled mid-range phone (issue 19): the real server with the built web app
 * (`npm run build:web` first), Debian's Chromium through Playwright, 150 ms round trips,
 * 1.6 Mbps down / 750 kbps up and a 4× slower CPU (CDP's Network.emulateNetworkConditions and
 * Emulation.setCPUThrottlingRate), a 390 × 844 viewport and an empty cache. Chromium's
 * performance API gives the largest contentful paint, the cumulative layout shift and the bytes
 * of script transferred. `npm run bench` runs it with the rest; `npx tsx bench/page-load.ts`
 * runs it alone. Both write its section of docs/PERFORMANCE.md (not with BENCH_NO_WRITE).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { PASSWORD } from '../test/support/fixtures';
import { startTestServer, type TestServer } from '../test/support/test-server';
import { replaceSection } from './report';

export const PAGE_LOAD_SECTION = 'Page load on a throttled phone';
const RUNS = Number(process.env.PAGE_LOAD_RUNS ?? 3);

interface Sample {
  trace: string[];
  lcp: number;
  lcpNode: string;
  cls: number;
  jsKiB: number;
  requests: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function seed(browser: Browser, server: TestServer) {
  const baseURL = server.url;
  const context = await browser.newContext({ baseURL });
  const headers = { origin: baseURL };
  const post = async (url: string, data: unknown, status: number) => {
    const response = await context.request.post(url, { data, headers });
    if (response.status() !== status) throw new Error(`${url}: ${response.status()}`);
    return (await response.json()) as { id: string };
  };
  const email = `page-load-${Date.now()}@example.com`;
  await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'bench' }, 200);
  // A sign-up does not sign in (SIGN_UP_SIGNS_IN defaults to false): the password does.
  await post('/api/auth/sign-in/email', { email, password: PASSWORD }, 200);
  // PAGE_LOAD_CONFIRMED=1: the user has confirmed the address (no 'Confirm your e-mail' banner,
  // so each page's largest paint is its own content).
  if (process.env.PAGE_LOAD_CONFIRMED) {
    const [mail] = await server.outbox(email);
    const link = mail?.links.find((href) => href.includes('verify-email'));
    if (!link) throw new Error('no confirmation link in the outbox');
    await context.request.get(link);
  }
  const decks: Record<'plain' | 'maths', string> = { plain: '', maths: '' };
  for (let index = 0; index < 6; index++) {
    const deck = await post(
      '/api/decks',
      { name: `Deck ${index + 1}`, description: `Cards about topic ${index + 1}` },
      201,
    );
    if (index === 0) decks.plain = deck.id;
    if (index === 1) decks.maths = deck.id;
  }
  for (const [kind, deckId] of Object.entries(decks)) {
    const cards = Array.from({ length: 30 }, (_, index) => ({
      deck_id: deckId,
      front_content:
        kind === 'maths'
          ? `Question ${index} with $x^${index}$`
          : `Question ${index}: what does *word ${index}* mean?`,
      back_content: `**Answer** ${index}, with a little more text to be realistic.`,
    }));
    await post('/api/flashcards/bulk', { cards }, 201);
  }
  // A returning learner's phone has opened the app before: its local storage knows the user
  // (the HTTP cache of each measured load is still empty: a new context).
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Deck 6' }).waitFor();
  const state = await context.storageState();
  await context.close();
  return { state, decks };
}

async function measure(page: Page, url: string, ready: (page: Page) => Promise<unknown>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const win = window as unknown as { __lcp: number; __cls: number; __lcpNode: string };
    win.__lcp = 0;
    win.__lcpNode = '';
    win.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        startTime: number;
        element?: Element;
      }[]) {
        win.__lcp = entry.startTime;
        win.__lcpNode = `${entry.element?.tagName ?? '?'} ${entry.element?.textContent?.slice(0, 40) ?? ''}`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) win.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { timeout: 60_000 });
  await ready(page);
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const win = window as unknown as { __lcp: number; __cls: number; __lcpNode: string };
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((entry) => entry.name.endsWith('.js'));
    const trace = resources.map(
      (entry) =>
        `${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms ${(entry.transferSize / 1024).toFixed(1)} KiB ${entry.name.replace(location.origin, '')}`,
    );
    return {
      trace,
      lcp: win.__lcp,
      lcpNode: win.__lcpNode,
      cls: win.__cls,
      jsKiB: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024,
      requests: resources.length + 1,
    };
  });
}

export async function pageLoadBench(label = 'now'): Promise<string> {
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const { state, decks } = await seed(browser, server);
    const pages: {
      name: string;
      url: string;
      signedIn: boolean;
      ready: (page: Page) => Promise<unknown>;
    }[] = [
      {
        name: 'landing (signed out)',
        url: '/',
        signedIn: false,
        ready: (page) => page.getByRole('link', { name: 'Create account' }).first().waitFor(),
      },
      {
        name: 'login',
        url: '/login',
        signedIn: false,
        ready: (page) => page.getByLabel('Email address').waitFor(),
      },
      {
        name: 'dashboard (6 decks)',
        url: '/dashboard',
        signedIn: true,
        ready: (page) => page.getByRole('heading', { name: 'Deck 6' }).waitFor(),
      },
      {
        name: 'deck page (30 cards, no maths)',
        url: `/deck/${decks.plain}`,
        signedIn: true,
        ready: (page) =>
          page
            .getByText(/^Question \d+:/)
            .first()
            .waitFor(),
      },
      {
        name: 'deck page (30 cards with maths)',
        url: `/deck/${decks.maths}`,
        signedIn: true,
        ready: (page) => page.locator('.katex').first().waitFor({ timeout: 60_000 }),
      },
      {
        name: 'learn (preview)',
        url: `/deck/${decks.plain}/learn`,
        signedIn: true,
        ready: (page) => page.getByRole('button', { name: 'Start Session' }).waitFor(),
      },
      {
        name: 'statistics',
        url: '/stats',
        signedIn: true,
        ready: (page) => page.getByRole('heading', { name: 'Reviews per day' }).waitFor(),
      },
    ];
    const rows: string[] = [];
    const only = process.env.PAGE_LOAD_ONLY;
    for (const item of pages.filter((page) => !only || page.name.includes(only))) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 3,
          isMobile: true,
          hasTouch: true,
          ...(item.signedIn ? { storageState: state } : {}),
        });
        const page = await context.newPage();
        samples.push(await measure(page, item.url, item.ready));
        await context.close();
      }
      const lcp = median(samples.map((sample) => sample.lcp));
      const cls = Math.max(...samples.map((sample) => sample.cls));
      const js = median(samples.map((sample) => sample.jsKiB));
      const requests = median(samples.map((sample) => sample.requests));
      rows.push(
        `| ${item.name} | ${(lcp / 1000).toFixed(2)} s | ${cls.toFixed(3)} | ${js.toFixed(1)} | ${requests} |`,
      );
      if (process.env.PAGE_LOAD_TRACE) console.log(samples[0]?.trace.join('\n'));
      const nodes = samples.map((sample) => `${sample.lcp.toFixed(0)} ms ${sample.lcpNode}`);
      console.log(`  largest paints: ${nodes.join('; ')}`);
      console.log(
        `${label}: ${item.name}: LCP ${lcp.toFixed(0)} ms, CLS ${cls.toFixed(3)}, JS ${js.toFixed(1)} KiB`,
      );
    }
    return [
      `| Page (${label}) | largest paint (median of ${RUNS}) | layout shift (worst) | JS transferred (KiB) | requests |`,
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The section of docs/PERFORMANCE.md: how it was measured, then the table. */
export function pageLoadReport(table: string): string {
  return [
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`bench/page-load.ts\` (\`npm run bench\`, or`,
    '`npx tsx bench/page-load.ts` alone, after `npm run build:web`): the real server and the',
    "built app in Debian's Chromium, throttled as a mid-range phone on a slow network (150 ms",
    'round trips, 1.6 Mbps down, 750 kbps up, CPU 4× slower; CDP), 390 × 844, empty cache;',
    "Chromium's performance API gives the largest contentful paint, the layout shift and the",
    'script bytes transferred. This machine is shared: the paints vary by some 10% between runs.',
    '',
    table,
  ].join('\n');
}

const thisFile = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const table = await pageLoadBench(process.env.PAGE_LOAD_LABEL ?? 'now');
  console.log(table);
  if (!process.env.BENCH_NO_WRITE) {
    const file = path.resolve(path.dirname(thisFile), '../docs/PERFORMANCE.md');
    const report = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, replaceSection(report, PAGE_LOAD_SECTION, pageLoadReport(table)));
  }
}
