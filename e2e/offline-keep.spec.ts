import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';
import { deckWithCards, studyThroughApi } from './support/offline';

/**
 * Issue 24: the decks studied in the last days are kept for offline without being asked,
 * within the space set in Settings → Offline, which shows what the device stores; the
 * dashboard and the deck page say what is kept and when it was brought up to date.
 */

const deckCard = (page: Page, name: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
}

/** When the kept decks were last brought up to date on this device (Settings says it too). */
const lastSynced = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((each) => each.startsWith('mnemo-offline-synced:'));
    return key ? (localStorage.getItem(key) ?? '') : '';
  });

async function setBudget(page: Page, megabytes: string) {
  await page.goto('/settings');
  await page.getByLabel('Space for offline decks (MB)').fill(megabytes);
  await page
    .locator('#settings-offline')
    .getByRole('button', { name: 'Save', exact: true })
    .click();
  await expect(page.getByText(`Offline decks may take up to ${megabytes} MB here.`)).toBeVisible();
}

test('a deck studied recently is kept by default, within the space set in Settings', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('offline-keep'));
  const studied = await deckWithCards(page, 'Studied', 3);
  const untouched = await deckWithCards(page, 'Untouched', 2);
  await studyThroughApi(page, studied);

  // The app opens online: the deck studied today is kept, the other one is not.
  await openDashboard(page);
  await expect(deckCard(page, 'Studied').getByText('Available offline')).toBeVisible();
  await expect(deckCard(page, 'Studied').getByText(/^updated .* · 3 cards, \d+ KB$/)).toBeVisible();
  await expect(deckCard(page, 'Untouched').getByText('Available offline')).toHaveCount(0);

  await page.goto(`/deck/${studied}`);
  await expect(page.getByRole('switch', { name: 'Available offline' })).toBeChecked();
  await expect(
    page.getByText(/^Available offline · updated .* · 3 cards, \d+ KB · studied recently$/),
  ).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByText(/^Stored on this device: 1 deck, \d+ KB of 50 MB\.$/)).toBeVisible();
  await expect(page.getByLabel('Space for offline decks (MB)')).toHaveValue('50');
  await expect(page.getByText(/^Brought up to date: /)).toBeVisible();

  // No space for recently studied decks: it is forgotten; a deck switched on is kept anyway.
  await setBudget(page, '0');
  await expect(page.getByText('Stored on this device: 0 decks, 0 B of 0 MB.')).toBeVisible();
  await page.goto(`/deck/${untouched}`);
  await page.getByRole('switch', { name: 'Available offline' }).click();
  await expect(page.getByText(/^Available offline · updated .* · 2 cards, \d+ KB$/)).toBeVisible();
  await page.goto(`/deck/${studied}`);
  await expect(page.getByRole('switch', { name: 'Available offline' })).not.toBeChecked();
  await page.goto('/settings');
  await expect(page.getByText(/^Stored on this device: 1 deck, \d+ KB of 0 MB\.$/)).toBeVisible();

  // Space again: kept again. Switched off on its page, it stays off at the next start.
  await setBudget(page, '50');
  await expect(page.getByText(/^Stored on this device: 2 decks, \d+ KB of 50 MB\.$/)).toBeVisible();
  await page.goto(`/deck/${studied}`);
  const toggle = page.getByRole('switch', { name: 'Available offline' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  const before = await lastSynced(page);
  await openDashboard(page);
  await page.reload();
  await expect.poll(() => lastSynced(page)).not.toBe(before); // the start's sync is over
  await expect(deckCard(page, 'Untouched').getByText('Available offline')).toBeVisible();
  await expect(deckCard(page, 'Studied').getByText('Available offline')).toHaveCount(0);
});

test('a deck studied online is kept for offline as soon as its session ends', async ({ page }) => {
  await signUp(page, uniqueEmail('offline-keep-now'));
  const deckId = await deckWithCards(page, 'Evening', 1);
  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Easy/ })).toBeVisible();
  await page.keyboard.press('4'); // Easy: the card is not seen again today
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(deckCard(page, 'Evening').getByText('Available offline')).toBeVisible();
});
