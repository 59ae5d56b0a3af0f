import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

/** SPEC §2, §9 screens: due counts under the daily limits, the phone layout, words. */

async function deckWithCards(page: Page, name: string, count: number, settings: object = {}) {
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (await page.request.post('/api/decks', { data: { name }, headers })).json();
  if (Object.keys(settings).length > 0) {
    const patched = await page.request.patch(`/api/decks/${deck.id}`, { data: settings, headers });
    expect(patched.status()).toBe(200);
  }
  const cards = Array.from({ length: count }, (_, index) => ({
    deck_id: deck.id,
    front_content: `${name} question ${index + 1}?`,
    back_content: `Answer ${index + 1}`,
  }));
  if (count > 0) {
    const made = await page.request.post('/api/flashcards/bulk', { data: { cards }, headers });
    expect(made.status()).toBe(201);
  }
  return deck.id as string;
}

/** Answers every card of the session on screen with Easy, by keyboard. */
async function answerAll(page: Page, count: number) {
  for (let index = 1; index <= count; index++) {
    await expect(page.getByText(`Card ${index} of ${count}`)).toBeVisible();
    await page.keyboard.press('Space');
    await page.keyboard.press('4');
  }
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();
}

test("a deck's daily new-card limit above 20 rules, and its second session is 'All caught up!'", async ({
  page,
}) => {
  await signUp(page, uniqueEmail('limits'));
  await expect(page.getByText(/day streak/)).toHaveCount(0); // no '0 day streak' for a new user
  const deckId = await deckWithCards(page, 'Big deck', 30, { new_cards_per_day: 25 });
  await page.goto('/dashboard');
  await expect(page.getByText('25 Due')).toBeVisible();
  await page.goto(`/deck/${deckId}`);
  await page.getByRole('link', { name: 'Start Learning (25 due)' }).click();
  await expect(page.getByText('New Cards')).toBeVisible();
  await expect(page.locator('dd').first()).toHaveText('25');
  await page.getByRole('button', { name: 'Start Session' }).click();
  await answerAll(page, 25);
  await expect(page.getByText('Less than a minute')).toBeVisible(); // not '0 minutes'

  // Five new cards are left, but today's 25 are done: nothing is offered as due.
  await page.getByRole('link', { name: 'Back to Deck' }).click();
  await expect(page.getByRole('heading', { name: 'Big deck' })).toBeVisible();
  await expect(page.getByText('0 due')).toBeVisible();
  await expect(page.getByRole('link', { name: /Start Learning/ })).toHaveCount(0);
  await page.goto(`/deck/${deckId}/learn`);
  await expect(page.getByRole('heading', { name: 'All caught up!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Session' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Deck' })).toHaveCount(1);
  await page.goto('/dashboard');
  await expect(page.getByText('1 day streak')).toBeVisible();
  await expect(page.getByText(/\d+ Due/)).toHaveCount(0);
  await page.goto('/stats');
  await expect(page.getByText('1 session ·')).toBeVisible();
});

test('undo: last studied goes back; the progress bar never moves back when a card rejoins', async ({
  page,
}) => {
  await page.clock.install();
  await signUp(page, uniqueEmail('progress'));
  const deckId = await deckWithCards(page, 'Three', 3);
  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 3')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByText('33% complete')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Answer undone')).toBeVisible();
  await expect(page.getByText('0% complete')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Deck' }).click();
  await page.goto('/dashboard');
  await expect(page.getByText('Not studied yet')).toBeVisible();

  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 3')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('1'); // again: back in 60 s
  await expect(page.getByText('Card 2 of 3')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByText('Card 3 of 3')).toBeVisible();
  await expect(page.getByText('67% complete')).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page.getByText('Card 3 of 4')).toBeVisible();
  await expect(page.getByText('67% complete')).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Session progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '67');
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByText('Card 4 of 4')).toBeVisible();
  await expect(page.getByText('75% complete')).toBeVisible();
});

test('desktop dashboard: the Open/Learn rows of cards in one grid row share the same bottom', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, uniqueEmail('grid'));
  await deckWithCards(page, 'Short', 0);
  await deckWithCards(
    page,
    'A deck whose name is long enough to wrap over several lines of the card',
    2,
  );
  await deckWithCards(page, 'Third', 1);
  await page.goto('/dashboard');
  const rows = page.getByTestId('deck-actions');
  await expect(rows).toHaveCount(3);
  const bottoms = await rows.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().bottom)),
  );
  expect(new Set(bottoms).size).toBe(1);
  await page.screenshot({ path: '.tmp/shots/dashboard-desktop.png' });
});

test.describe('phone 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  const noSidewaysScroll = async (page: Page, name: string) => {
    await page.screenshot({ path: `.tmp/shots/phone-${name}.png`, fullPage: true });
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(390);
  };

  test('no page scrolls sideways, the heatmap opens on the newest weeks, no key hints', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('phone'));
    const deckId = await deckWithCards(page, 'Phone deck', 2);
    await page.goto('/dashboard');
    await expect(page.getByText('2 Due')).toBeVisible();
    await expect(page.getByLabel('Search decks')).toHaveAttribute('placeholder', 'Search decks…');
    await noSidewaysScroll(page, 'dashboard');
    await page.goto(`/deck/${deckId}`);
    await expect(page.getByRole('heading', { name: 'Phone deck' })).toBeVisible();
    await expect(page.getByLabel('Search cards')).toHaveAttribute('placeholder', 'Search cards…');
    await noSidewaysScroll(page, 'deck');
    await page.goto(`/deck/${deckId}/learn`);
    await page.getByRole('button', { name: 'Start Session' }).tap();
    await expect(page.getByText('Card 1 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show Answer' })).toBeVisible();
    await expect(page.getByText('Space or Enter')).toBeHidden();
    await page.getByRole('button', { name: 'Show Answer' }).tap();
    await expect(page.getByRole('button', { name: /^Good/ })).toBeVisible();
    for (const hint of await page.getByTestId('key-hint').all()) await expect(hint).toBeHidden();
    await noSidewaysScroll(page, 'learn');
    await page.getByRole('button', { name: /^Good/ }).tap();
    await expect(page.getByText('Card 2 of 2')).toBeVisible();

    await page.goto('/stats');
    await expect(page.getByRole('heading', { name: 'Reviews per day' })).toBeVisible();
    const scroller = page.getByTestId('heatmap-scroller');
    await expect(scroller).toBeVisible();
    await noSidewaysScroll(page, 'stats');
    const position = await scroller.evaluate((element) => ({
      left: element.scrollLeft,
      room: element.scrollWidth - element.clientWidth,
    }));
    expect(position.room).toBeGreaterThan(0);
    expect(position.left).toBeGreaterThanOrEqual(position.room - 1);
  });
});

test('Again on the last card: a count-down to its return and Finish now, not the end of the session', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('again-last'));
  const deckId = await deckWithCards(page, 'Short', 1);
  await page.clock.install();
  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('1'); // Again: back in 60 s (SPEC §4)
  await expect(page.getByRole('timer')).toHaveText(/^Next card in (59|60) s$/);
  await expect(page.getByRole('button', { name: 'Finish now' })).toBeVisible();
  await expect(page.getByText(/See you tomorrow/)).toHaveCount(0);

  // Due: the card is shown again; answered, the session completes.
  await page.clock.fastForward('01:01');
  await expect(page.getByText('Card 2 of 2')).toBeVisible();
  await expect(page.locator('.card-content').first()).toHaveText('Short question 1?');
  await page.keyboard.press('Space');
  await page.keyboard.press('1');
  await expect(page.getByRole('button', { name: 'Finish now' })).toBeVisible();
  // Finish now ends it at once.
  await page.getByRole('button', { name: 'Finish now' }).click();
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();

  // The card list says when a learning card is due to the minute, not only its date.
  await page.goto(`/deck/${deckId}`);
  const row = page.getByRole('article', { name: 'Card: Short question 1?' });
  await expect(row).toContainText(/Learning · due now/); // SM-2: Again is due at once
});
