import { expect, type Page } from '@playwright/test';

/** Helpers of the offline journeys (issue 24). */

export const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

export async function deckWithCards(page: Page, name: string, count: number) {
  const headers = origin(page);
  const deck = await (await page.request.post('/api/decks', { data: { name }, headers })).json();
  const cards = Array.from({ length: count }, (_, index) => ({
    deck_id: deck.id,
    front_content: `${name} question ${index + 1}?`,
    back_content: `Answer ${index + 1}`,
  }));
  const response = await page.request.post('/api/flashcards/bulk', { data: { cards }, headers });
  expect(response.status()).toBe(201);
  return deck.id as string;
}

/** Waits until the service worker is active and controls the page (one reload after install). */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

export async function keepOffline(page: Page, deckId: string) {
  await page.goto(`/deck/${deckId}`);
  await controlledByServiceWorker(page);
  const toggle = page.getByRole('switch', { name: 'Available offline' });
  await toggle.click();
  await expect(page.getByText(/^Available offline · updated /)).toBeVisible();
  await expect(toggle).toBeChecked();
}

/** Shows the answer and answers Good with the keyboard; waits for the next card or the end. */
export async function answerGood(page: Page, position: number, total: number) {
  await expect(page.getByText(`Card ${position} of ${total}`)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Good/ })).toBeVisible();
  await page.keyboard.press('3');
  if (position < total) await expect(page.getByText(`Card ${position + 1} of`)).toBeVisible();
}

export interface ServerCard {
  id: string;
  front_content: string;
  review_count: number;
  due_date: string;
}

export async function serverCards(page: Page, deckId: string): Promise<ServerCard[]> {
  return (await (await page.request.get(`/api/flashcards?deck_id=${deckId}&limit=100`)).json())
    .flashcards;
}

/** Studies cards of a deck through the API (another device, or an earlier day): Good each. */
export async function studyThroughApi(page: Page, deckId: string, cardIds?: string[]) {
  const headers = origin(page);
  const started = await (
    await page.request.post(`/api/decks/${deckId}/study/sessions`, { data: {}, headers })
  ).json();
  const queue = started.queue as { id: string }[];
  const answering = cardIds ?? [queue[0]!.id];
  for (const [index, cardId] of answering.entries()) {
    const answered = await page.request.post(`/api/study/sessions/${started.session.id}/reviews`, {
      data: {
        id: `api-${started.session.id}-${index}`,
        card_id: cardId,
        response: 'good',
        response_time_seconds: 2,
      },
      headers,
    });
    expect(answered.status()).toBeLessThan(300);
  }
  return started.session.id as string;
}

export interface DeviceCard {
  id: string;
  front_content: string;
  review_count: number;
  due_date: string;
}

/** The cards of a deck as the device keeps them (its copy in IndexedDB 'mnemo-offline'). */
export function deviceCards(page: Page, deckId: string): Promise<DeviceCard[] | null> {
  return page.evaluate(async (id) => {
    const open = indexedDB.open('mnemo-offline');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = db.transaction('decks').objectStore('decks').getAll();
    const kept = await new Promise<{ deckId: string; copy: { cards: DeviceCard[] } }[]>(
      (resolve) => {
        all.onsuccess = () => resolve(all.result);
      },
    );
    db.close();
    const deck = kept.find((each) => each.deckId === id);
    return deck
      ? deck.copy.cards.map(({ id, front_content, review_count, due_date }) => ({
          id,
          front_content,
          review_count,
          due_date,
        }))
      : null;
  }, deckId);
}
