import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';
import { answerGood, deckWithCards, keepOffline, origin } from './support/offline';

/**
 * Issue 24: a deck kept for offline study opens, is studied and syncs without losing or
 * doubling an answer.
 */

/** The schedules the device gave the cards of a kept deck (its copy in IndexedDB). */
function deviceSchedules(page: Page, deckId: string) {
  return page.evaluate(async (id) => {
    const open = indexedDB.open('mnemo-offline');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = db.transaction('decks').objectStore('decks').getAll();
    const kept = await new Promise<
      { deckId: string; copy: { cards: { id: string; due_date: string }[] } }[]
    >((resolve) => {
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    const deck = kept.find((each) => each.deckId === id);
    return Object.fromEntries((deck?.copy.cards ?? []).map((card) => [card.id, card.due_date]));
  }, deckId);
}

test('a kept deck opens and is studied offline, and every answer reaches the server once', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueEmail('offline-study'));
  const deckId = await deckWithCards(page, 'Train', 6);
  await keepOffline(page, deckId);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
  await expect(page.getByText('Train', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible();
  await page.goto(`/deck/${deckId}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Train' })).toBeVisible();
  await expect(page.getByText(/^Available offline · updated /)).toBeVisible();

  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Offline · 0 answers wait to be sent')).toBeVisible();
  for (const position of [1, 2, 3]) await answerGood(page, position, 6);
  await expect(page.getByText('Offline · 3 answers wait to be sent')).toBeVisible();

  // A reload in the middle: the three cards answered are not asked again.
  await page.reload();
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Offline · 3 answers wait to be sent')).toBeVisible();
  for (const position of [1, 2, 3]) await answerGood(page, position, 3);
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();
  const onDevice = await deviceSchedules(page, deckId);

  await context.setOffline(false);
  await expect(page.getByText('6 answers were recorded')).toBeVisible();
  const cards = (
    await (await page.request.get(`/api/flashcards?deck_id=${deckId}&limit=100`)).json()
  ).flashcards as { id: string; review_count: number; due_date: string }[];
  expect(cards).toHaveLength(6);
  for (const card of cards) {
    expect(card.review_count).toBe(1);
    // The server scheduled each answer from when it was given: the interval the button showed.
    expect(card.due_date).toBe(onDevice[card.id]);
  }
  const stats = await (await page.request.get(`/api/stats?deck_id=${deckId}`)).json();
  expect(stats.total_sessions).toBe(2);
});

test('a card deleted on the server while the device was offline is reported in the merge', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueEmail('offline-deleted'));
  const deckId = await deckWithCards(page, 'Ferry', 2);
  await keepOffline(page, deckId);
  const cards = (await (await page.request.get(`/api/flashcards?deck_id=${deckId}`)).json())
    .flashcards as { id: string }[];
  const deleted = await page.request.delete(`/api/flashcards/${cards[0]?.id}`, {
    headers: origin(page),
  });
  expect(deleted.status()).toBe(200);

  await context.setOffline(true);
  await page.goto(`/deck/${deckId}/learn`);
  await page.reload();
  await page.getByRole('button', { name: 'Start Session' }).click();
  for (const position of [1, 2]) await answerGood(page, position, 2);
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();

  await context.setOffline(false);
  await expect(
    page.getByText('1 answer was recorded; 1 card had been deleted elsewhere'),
  ).toBeVisible();
  const [left] = (await (await page.request.get(`/api/flashcards?deck_id=${deckId}`)).json())
    .flashcards as { review_count: number }[];
  expect(left?.review_count).toBe(1);
});
