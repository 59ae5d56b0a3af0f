import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

// Issue 13: the deck page asks for a page of cards at a time and the next as the list's end
// comes near, instead of every card at once.
test('a 450-card deck loads page by page as the list scrolls', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('paging'));
  const headers = { origin: new URL(baseURL ?? '').origin };
  const deck = (await (
    await page.request.post('/api/decks', { data: { name: 'Long deck' }, headers })
  ).json()) as { id: string };
  const cards = Array.from({ length: 450 }, (_, index) => ({
    deck_id: deck.id,
    front_content: `Card number ${String(index).padStart(3, '0')}`,
    back_content: `Back ${index}`,
  }));
  expect(
    (await page.request.post('/api/flashcards/bulk', { data: { cards }, headers })).status(),
  ).toBe(201);

  const lists: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/flashcards?')) lists.push(request.url());
  });
  await page.goto(`/deck/${deck.id}`);
  await expect(page.getByRole('heading', { name: /Your Cards/ })).toContainText('450');
  // One page first, of 200 cards, none after: nothing beyond what the list shows.
  await expect.poll(() => lists.length).toBe(1);
  expect(new URL(lists[0]!).searchParams.get('limit')).toBe('200');

  // Scrolling to the end of the list brings the next pages, up to the last card.
  const list = page.getByTestId('card-list');
  await expect(async () => {
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(list.locator('[data-index="449"]')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expect(list.locator('[data-index="450"]')).toHaveCount(0);
  expect(lists.length).toBe(3);
  expect(new URL(lists[2]!).searchParams.get('after')).toBeTruthy();
});
