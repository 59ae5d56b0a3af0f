import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

/** Issue 19's layout items at 1280 × 800. */

test('desktop: the strategy choices sit in one row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, uniqueEmail('layout'));
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (
    await page.request.post('/api/decks', { data: { name: 'Layout' }, headers })
  ).json();
  await page.goto(`/deck/${deck.id}`);
  const strategies = page
    .getByRole('radiogroup', { name: 'Generation Strategy' })
    .getByRole('radio');
  await expect(strategies).toHaveCount(3);
  const tops = await strategies.evaluateAll((items) =>
    items.map((item) => Math.round(item.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, `strategy rows: ${tops.join(', ')}`).toBe(1);
  await page.getByRole('heading', { name: 'Add Content' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/layout-strategies.png' });
});
