import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

/** A deck with cards, made through the API with the page's session. */
async function deckWithCards(page: Page, fronts: string[]) {
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const deck = await (
    await page.request.post('/api/decks', { data: { name: 'Capitals' }, headers })
  ).json();
  for (const front of fronts) {
    const response = await page.request.post('/api/flashcards', {
      data: { deck_id: deck.id, front_content: front, back_content: `Answer to ${front}` },
      headers,
    });
    expect(response.status()).toBe(201);
    await page.waitForTimeout(5);
  }
  return deck.id as string;
}

test('a learning session: preview, answers with keys, undo, offline answers, completion', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueEmail('learn'));
  const deckId = await deckWithCards(page, ['France?', 'Italy?', 'Spain?']);
  await page.goto(`/deck/${deckId}`);
  await page.getByRole('link', { name: 'Start Learning (3 due)' }).click();

  // Preview
  await expect(page.getByRole('heading', { name: 'Capitals' })).toBeVisible();
  await expect(page.getByText('New Cards')).toBeVisible();
  await expect(page.getByText('About 2 minutes')).toBeVisible();
  await page.getByRole('button', { name: 'Start Session' }).click();

  // Learning: Space shows the answer; a new deck uses the spec's scheduler and its labels.
  await expect(page.getByText('Card 1 of 3')).toBeVisible();
  await expect(page.getByText('0% complete')).toBeVisible();
  await expect(page.getByText('Question & Answer')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('answer')).toBeVisible();
  for (const name of ['Again (1 min)', 'Hard (10 min)', 'Good (1 day)', 'Easy (4 days)']) {
    await expect(
      page.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }),
    ).toBeVisible();
  }
  await page.keyboard.press('3');
  await expect(page.getByText('Card 2 of 3')).toBeVisible();
  await expect(page.getByTestId('answer')).toHaveCount(0);

  // Again, then undo it with Ctrl+Z: the same card comes back.
  const second = await page.locator('.card-content').first().textContent();
  await page.getByRole('button', { name: 'Show Answer' }).click();
  await page.getByRole('button', { name: /^Again/ }).click();
  await expect(page.getByText('Card 3 of 3')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Answer undone')).toBeVisible();
  await expect(page.getByText('Card 2 of 3')).toBeVisible();
  await expect(page.locator('.card-content').first()).toHaveText(second ?? '');
  await page.keyboard.press('Enter');
  await page.keyboard.press('4');
  await expect(page.getByText('Card 3 of 3')).toBeVisible();

  // The last answer is given offline: it waits in IndexedDB, then goes out.
  await context.setOffline(true);
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByText('Offline · 1 answer waits to be sent')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('See you tomorrow for your next review session!')).toBeVisible();
  const counts = page.locator('dl').last();
  await expect(counts.getByText('Good')).toBeVisible();
  await expect(page.getByText('Cards studied')).toBeVisible();

  const origin = new URL(page.url()).origin;
  const stats = await (
    await page.request.get(`/api/stats?deck_id=${deckId}`, { headers: { origin } })
  ).json();
  expect(stats).toMatchObject({
    total_cards_studied: 3,
    total_good: 2,
    total_easy: 1,
    total_again: 0,
  });

  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page.getByText('1 day streak')).toBeVisible();
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page.getByText('Current streak')).toBeVisible();
  await expect(page.getByText('1 day', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Reviews per day over the last year: 3/ }),
  ).toBeVisible();
});

test('a deck with nothing due says so', async ({ page }) => {
  await signUp(page, uniqueEmail('caught-up'));
  const origin = new URL(page.url()).origin;
  const deck = await (
    await page.request.post('/api/decks', { data: { name: 'Empty' }, headers: { origin } })
  ).json();
  await page.goto(`/deck/${deck.id}/learn`);
  await expect(page.getByRole('heading', { name: 'All caught up!' })).toBeVisible();
  await expect(page.getByText('You have no cards due for review right now.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Deck' }).last().click();
  await expect(page).toHaveURL(`/deck/${deck.id}`);
});

test('keyboard only, all four ratings, a requeued card (fast-forwarded clock)', async ({
  page,
}) => {
  await page.clock.install();
  await signUp(page, uniqueEmail('clock'));
  const deckId = await deckWithCards(page, ['One?', 'Two?', 'Three?']);
  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Card 1 of 3')).toBeVisible();
  const forgotten = (await page.locator('.card-content').first().textContent()) ?? '';
  await page.keyboard.press('Space');
  await page.keyboard.press('1'); // again: back in 60 s
  await expect(page.getByText('Card 2 of 3')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('2'); // hard on a new card: learning, back in 600 s
  await expect(page.getByText('Card 3 of 3')).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page.getByText('Card 3 of 4')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByText('Card 4 of 4')).toBeVisible();
  await expect(page.locator('.card-content').first()).toHaveText(forgotten);
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();
  const counts = page.locator('dl').last();
  for (const label of ['Again', 'Hard', 'Good', 'Easy']) {
    await expect(counts.getByText(label)).toBeVisible();
  }
  await expect(counts.locator('dd')).toHaveText(['1', '1', '1', '1']);
});
