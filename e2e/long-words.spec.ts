import { expect, type Page, test } from '@playwright/test';
import { signUp } from './support/helpers';

/** Issue 19: a long unbroken word in a deck name, an e-mail or a URL never widens a phone page. */

const LONG = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung';

const noSidewaysScroll = async (page: Page, name: string) => {
  await page.screenshot({ path: `.tmp/shots/long-${name}.png`, fullPage: true });
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(390);
};

for (const theme of ['dark', 'light'] as const) {
  test.describe(`phone 390 × 844, ${theme}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a deck named with one long word: dashboard, deck page, job list, menus in reach', async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('mnemo-theme', value), theme);
      // A long address too: the 'Confirm your e-mail' banner shows it.
      const email = `longword${Date.now()}abcdefghijklmnopqrstuvwxyz0123456789@example.com`;
      await signUp(page, email);
      const headers = { origin: new URL(page.url()).origin };
      const deck = await (
        await page.request.post('/api/decks', { data: { name: LONG }, headers })
      ).json();
      // A job from a file with a long name: the name shows in the job list.
      const job = await page.request.post('/api/generation/file', {
        multipart: {
          deckId: deck.id,
          generationStrategy: 'standard',
          requestedCardTypes: 'qa',
          file: {
            name: `${LONG}${LONG}.txt`,
            mimeType: 'text/plain',
            buffer: Buffer.from(
              'The Danube is the second-longest river in Europe. It flows through ten countries.',
            ),
          },
        },
        headers,
      });
      expect(job.status()).toBe(201);

      await page.goto('/dashboard');
      await expect(page.getByRole('link', { name: LONG }).first()).toBeVisible();
      await noSidewaysScroll(page, `dashboard-${theme}`);
      // The deck's menu (with Delete) is on screen and works.
      const menu = page.getByRole('button', { name: `Deck options for ${LONG}` });
      await expect(menu).toBeInViewport();
      await menu.tap();
      await expect(page.getByRole('menuitem', { name: /Delete/ })).toBeInViewport();
      await page.keyboard.press('Escape');

      await page.goto(`/deck/${deck.id}`);
      await expect(page.getByRole('heading', { name: LONG, level: 1 })).toBeVisible();
      const jobs = page.getByRole('list', { name: 'Recent generations' });
      await expect(jobs).toBeVisible();
      // A failure's reason is shown whole (wrapped), not cut short.
      await expect(jobs.getByText(/^(failed|completed)$/)).toBeVisible({ timeout: 30_000 });
      const reason = jobs.getByTestId('job-error').first();
      if (await reason.count()) {
        const cut = await reason.evaluate((element) => element.scrollWidth > element.clientWidth);
        expect(cut, 'the failure reason is cut').toBe(false);
      }
      await noSidewaysScroll(page, `deck-${theme}`);
    });
  });
}
