import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

/** A deck with cards, through the API with the page's session. */
async function deckWithCards(page: Page, name: string, fronts: string[]) {
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (await page.request.post('/api/decks', { data: { name }, headers })).json();
  for (const front of fronts) {
    const response = await page.request.post('/api/flashcards', {
      data: { deck_id: deck.id, front_content: front, back_content: `Answer to ${front}` },
      headers,
    });
    expect(response.status()).toBe(201);
    await page.waitForTimeout(5);
  }
  return deck as { id: string; scheduler: string };
}

const button = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

test('Settings → Study chooses the scheduler of new decks; the deck settings say what each gives', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('scheduler'));
  const before = await deckWithCards(page, 'Classic deck', []);
  expect(before.scheduler).toBe('sm2');
  await page.goto('/settings');
  const select = page.getByLabel('Scheduler for new decks');
  await expect(select).toHaveValue('sm2');
  await select.selectOption('fsrs');
  await expect(page.getByText('New decks will use this scheduler.')).toBeVisible();
  await expect(page.getByText(/fewer reviews for the same retention/)).toBeVisible();
  await page.screenshot({ path: 'test-results/settings-study.png', fullPage: true });

  const after = await deckWithCards(page, 'Modern deck', []);
  expect(after.scheduler).toBe('fsrs');
  await page.reload();
  await expect(page.getByLabel('Scheduler for new decks')).toHaveValue('fsrs');
});

test('an FSRS session: Good on a new card brings it back when its 10-minute step is due', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('fsrs-steps'));
  const headers = { origin: new URL(page.url()).origin };
  expect(
    (
      await page.request.patch('/api/preferences', { data: { default_scheduler: 'fsrs' }, headers })
    ).status(),
  ).toBe(200);
  const deck = await deckWithCards(page, 'Steps', ['Alpha?', 'Beta?']);
  await page.clock.install();
  await page.goto(`/deck/${deck.id}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 2')).toBeVisible();
  const first = await page.locator('.card-content').first().textContent();
  await page.keyboard.press('Space');
  await expect(button(page, 'Again (1 min)')).toBeVisible();
  await expect(button(page, 'Hard (6 min)')).toBeVisible();
  await expect(button(page, 'Good (10 min)')).toBeVisible();
  await expect(button(page, 'Easy')).toHaveText(/Easy \(\d+ days?\)/);
  await page.keyboard.press('3');
  await expect(page.getByText('Card 2 of 2')).toBeVisible();

  // Nine minutes on: not yet. Ten minutes and a check (every 5 s) on: it has joined the queue.
  await page.clock.fastForward('09:00');
  await expect(page.getByText('Card 2 of 2')).toBeVisible();
  await page.clock.fastForward('01:10');
  await expect(page.getByText('Card 2 of 3')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByText('Card 3 of 3')).toBeVisible();
  await expect(page.locator('.card-content').first()).toHaveText(first ?? '');
  await page.keyboard.press('Space');
  await expect(button(page, 'Good')).toHaveText(/Good \(\d+ days?\)/);
  await page.keyboard.press('3');
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible({
    timeout: 20_000,
  });
});

test('an FSRS session learns ahead: the last card, rated Good, comes back at once (within 20 minutes)', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('fsrs-ahead'));
  const headers = { origin: new URL(page.url()).origin };
  await page.request.patch('/api/preferences', { data: { default_scheduler: 'fsrs' }, headers });
  const deck = await deckWithCards(page, 'Ahead', ['Only?']);
  await page.goto(`/deck/${deck.id}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByText('Card 2 of 2')).toBeVisible();
  await expect(page.locator('.card-content').first()).toHaveText('Only?');
  // Undo takes back the answer and the copy it sent back.
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
});
