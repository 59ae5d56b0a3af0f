import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/helpers';

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

test('desktop: the landing page’s last panel keeps to the content column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const column = await page
    .locator('section[aria-labelledby="features-title"] > div')
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return {
        left: box.left + parseFloat(style.paddingLeft),
        right: box.right - parseFloat(style.paddingRight),
      };
    });
  const panel = await page.getByTestId('cta-panel').boundingBox();
  expect(panel).not.toBeNull();
  expect(panel!.x).toBeGreaterThanOrEqual(column.left - 1);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(column.right + 1);
});

test('desktop: the Back column lines up in the card list, the heatmap fills its card, the QR tile is square', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, uniqueEmail('layout-cards'));
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (
    await page.request.post('/api/decks', { data: { name: 'Columns' }, headers })
  ).json();
  // A generated card (it has a source passage, so one more action) and a card made by hand.
  const job = await (
    await page.request.post('/api/generation/text', {
      headers,
      data: {
        deckId: deck.id,
        content:
          'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts, which contain the green pigment chlorophyll. The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose.',
      },
    })
  ).json();
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/generation/jobs/${job.id}`)).json()).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('completed');
  await page.request.post('/api/flashcards', {
    headers,
    data: {
      deck_id: deck.id,
      card_type: 'qa',
      front_content: 'Capital of Italy?',
      back_content: 'Rome',
    },
  });
  await page.goto(`/deck/${deck.id}`);
  const rows = page.getByTestId('card-list').getByRole('article');
  await expect(rows.nth(1)).toBeVisible();
  const backs = await rows.evaluateAll((items) =>
    items.map((item) => {
      const label = [...item.querySelectorAll('p')].find((p) => p.textContent === 'Back');
      return Math.round(label?.getBoundingClientRect().left ?? -1);
    }),
  );
  expect(backs.every((left) => left > 0)).toBe(true);
  expect(new Set(backs).size, `Back columns at ${backs.join(', ')}`).toBe(1);

  await page.goto('/stats');
  const scroller = page.getByTestId('heatmap-scroller');
  await expect(scroller).toBeVisible();
  const fill = await scroller.evaluate((element) => {
    const svg = element.querySelector('svg')!.getBoundingClientRect().width;
    return svg / element.clientWidth;
  });
  expect(fill).toBeGreaterThan(0.95);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await section.getByLabel('Password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const tile = await section.getByTestId('qr-tile').boundingBox();
  expect(Math.round(tile!.width)).toBe(Math.round(tile!.height));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const box = await section.getByTestId('qr-tile').boundingBox();
    expect(Math.abs(box!.width - box!.height)).toBeLessThan(1);
  }
});
