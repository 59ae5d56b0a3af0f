import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';
import { answerGood, deckWithCards, keepOffline, serverCards } from './support/offline';

/**
 * Issue 24: background sync. Answers given offline wait on the device; with the app closed,
 * the browser's 'sync' event wakes the service worker, which sends them (Chromium offers
 * Background Sync; the test fires the event through the DevTools protocol, as the browser does
 * when the network returns). What it merged is said once, when the app next opens.
 */
test('answers given offline reach the server through the service worker, with the app closed, and the app says what was merged when it next opens', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueEmail('offline-bg-sync'));
  const deckId = await deckWithCards(page, 'Ferry', 2);
  await keepOffline(page, deckId);
  const appOrigin = new URL(page.url()).origin;

  await context.setOffline(true);
  await page.goto(`/deck/${deckId}/learn`);
  await page.reload();
  await page.getByRole('button', { name: 'Start Session' }).click();
  await answerGood(page, 1, 2);
  await answerGood(page, 2, 2);
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();
  const offered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return 'sync' in registration;
  });
  expect(offered).toBe(true);

  // The app is closed: no page of Mnemo is left to send anything.
  await page.close();
  const other = await context.newPage();
  await context.setOffline(false);
  const before = await serverCards(other, deckId);
  expect(before.map((card) => card.review_count)).toEqual([0, 0]);
  // Deleted elsewhere while this device was offline: part of the merge the app must report.
  const deleted = await other.request.delete(`/api/flashcards/${before[1]?.id}`, {
    headers: { origin: appOrigin },
  });
  expect(deleted.status()).toBe(200);

  const cdp = await context.newCDPSession(other);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (each) => !each.isDeleted && each.scopeURL.startsWith(appOrigin),
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: appOrigin,
    registrationId: await registrationId,
    tag: 'mnemo-answers',
    lastChance: false,
  });

  await expect
    .poll(async () => (await serverCards(other, deckId)).map((card) => card.review_count))
    .toEqual([1]);
  await expect
    .poll(async () => {
      const stats = await (await other.request.get(`/api/stats?deck_id=${deckId}`)).json();
      return [stats.total_sessions, stats.total_reviews];
    })
    .toEqual([1, 1]);

  // The app opens again: it says what the worker merged while it was closed…
  await other.goto('/dashboard');
  await expect(other.getByText('Offline answers synced')).toBeVisible();
  await expect(
    other.getByText('1 answer was recorded; 1 card had been deleted elsewhere'),
  ).toBeVisible();
  // …once: the notice is gone from the device.
  const noticesLeft = () =>
    other.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('mnemo-sync-notices');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('notices').objectStore('notices').count();
            count.onsuccess = () => {
              open.result.close();
              resolve(count.result);
            };
          };
        }),
    );
  await expect.poll(noticesLeft).toBe(0);
});
