import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';
import { answerGood, deckWithCards, keepOffline, serverCards } from './support/offline';

/**
 * Issue 24: Undo works in a session studied offline. An answer taken back before it was sent
 * is never sent; one sent meanwhile (the connection came back) is taken back by the server.
 */

async function startOfflineSession(page: Page, deckId: string) {
  await page.goto(`/deck/${deckId}/learn`);
  await page.reload();
  await page.getByRole('button', { name: 'Start Session' }).click();
}

async function answerEasy(page: Page, position: number) {
  await expect(page.getByText(`Card ${position} of`)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Easy/ })).toBeVisible();
  await page.keyboard.press('4');
  await expect(page.getByText(`Card ${position + 1} of`)).toBeVisible();
}

test('an answer undone offline is never sent', async ({ page, context }) => {
  await signUp(page, uniqueEmail('offline-undo'));
  const deckId = await deckWithCards(page, 'Tunnel', 3);
  await keepOffline(page, deckId);

  await context.setOffline(true);
  await startOfflineSession(page, deckId);
  await answerGood(page, 1, 3);
  await answerEasy(page, 2);
  await expect(page.getByText('Offline · 2 answers wait to be sent')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Answer undone')).toBeVisible();
  await expect(page.getByText('Card 2 of 3')).toBeVisible();
  await expect(page.getByText('Offline · 1 answer waits to be sent')).toBeVisible();
  await answerGood(page, 2, 3);
  await answerGood(page, 3, 3);
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('3 answers were recorded')).toBeVisible();
  const cards = await serverCards(page, deckId);
  // Each card answered once: the Easy taken back never reached the server.
  expect(cards.map((card) => card.review_count)).toEqual([1, 1, 1]);
  const stats = await (await page.request.get(`/api/stats?deck_id=${deckId}`)).json();
  expect(stats.total_reviews).toBe(3);
  expect(stats.total_easy).toBe(0);
  expect(stats.total_sessions).toBe(1);
  expect(stats.total_cards_studied).toBe(3);
});

test('an offline answer sent meanwhile is taken back by the server', async ({ page, context }) => {
  await signUp(page, uniqueEmail('offline-undo-sent'));
  const deckId = await deckWithCards(page, 'Bridge', 2);
  await keepOffline(page, deckId);

  await context.setOffline(true);
  await startOfflineSession(page, deckId);
  await answerGood(page, 1, 2);
  await expect(page.getByText('Offline · 1 answer waits to be sent')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('All answers saved')).toBeVisible();
  await expect
    .poll(async () => (await serverCards(page, deckId)).map((card) => card.review_count).sort())
    .toEqual([0, 1]);

  await page.keyboard.press('Control+z');
  await expect(page.getByText('Answer undone')).toBeVisible();
  await expect(page.getByText('Card 1 of 2')).toBeVisible();
  expect((await serverCards(page, deckId)).map((card) => card.review_count)).toEqual([0, 0]);

  await answerGood(page, 1, 2);
  await answerGood(page, 2, 2);
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();
  await expect
    .poll(async () => (await serverCards(page, deckId)).map((card) => card.review_count))
    .toEqual([1, 1]);
});
