import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUp, submitSignIn, uniqueEmail } from './support/helpers';
import {
  answerGood,
  deckWithCards,
  deviceCards,
  keepOffline,
  origin,
  serverCards,
  studyThroughApi,
} from './support/offline';

/**
 * Issue 24: two devices of one learner. Device A keeps a deck, goes offline and answers every
 * card; meanwhile device B (online) edits one card, deletes another and studies a third. When
 * A comes online, every answer is on the server once, the server's rule decides (an answer
 * goes onto the card as the server has it; one to a deleted card is not recorded), A says what
 * was merged and takes the server's state.
 */
test('two devices: offline answers merge with edits, a deletion and answers made elsewhere', async ({
  browser,
}) => {
  const email = uniqueEmail('two-devices');
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  await signUp(a, email);
  const deckId = await deckWithCards(a, 'Commute', 4);
  await keepOffline(a, deckId);
  await b.goto('/login');
  await submitSignIn(b, email, PASSWORD);
  await expect(b).toHaveURL(/\/dashboard$/);

  // A, offline: a session from the kept copy, every card answered Good.
  await contextA.setOffline(true);
  await a.goto(`/deck/${deckId}/learn`);
  await a.reload();
  await a.getByRole('button', { name: 'Start Session' }).click();
  for (const position of [1, 2, 3, 4]) await answerGood(a, position, 4);
  await expect(a.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();

  // B, online meanwhile: edits card 1, deletes card 2, studies card 3.
  const byFront = Object.fromEntries(
    (await serverCards(b, deckId)).map((card) => [card.front_content, card.id]),
  );
  const idOf = (n: number): string => {
    const id = byFront[`Commute question ${n}?`];
    if (!id) throw new Error(`No card ${n}`);
    return id;
  };
  const [edited, deleted, studied, untouched] = [idOf(1), idOf(2), idOf(3), idOf(4)];
  const headers = origin(b);
  const patch = await b.request.patch(`/api/flashcards/${edited}`, {
    data: { front_content: 'Commute question 1, edited on B?' },
    headers,
  });
  expect(patch.status()).toBe(200);
  expect((await b.request.delete(`/api/flashcards/${deleted}`, { headers })).status()).toBe(200);
  await studyThroughApi(b, deckId, [studied]);

  // A comes online: the answers are sent, the merge is reported, the copy is the server's.
  await contextA.setOffline(false);
  await expect(
    a.getByText('3 answers were recorded; 1 card had been deleted elsewhere'),
  ).toBeVisible();
  const server = await serverCards(b, deckId);
  const count = Object.fromEntries(server.map((card) => [card.id, card.review_count]));
  // Every answer once: A's three that could be recorded, and B's on the card both studied.
  expect(count).toEqual({ [edited]: 1, [studied]: 2, [untouched]: 1 });
  expect(server.find((card) => card.id === edited)?.front_content).toBe(
    'Commute question 1, edited on B?',
  );
  const stats = await (await b.request.get(`/api/stats?deck_id=${deckId}`)).json();
  expect([stats.total_reviews, stats.total_sessions]).toEqual([4, 2]);

  // A's copy is brought up to date: the server's cards as they are now (those of the next
  // study days: a card scheduled further out is not in it), the deleted card gone.
  const onServer = new Map(
    server.map(({ id, front_content, review_count, due_date }) => [
      id,
      { id, front_content, review_count, due_date },
    ]),
  );
  await expect
    .poll(async () => (await deviceCards(a, deckId))?.find((card) => card.id === edited))
    .toEqual(onServer.get(edited));
  const kept = (await deviceCards(a, deckId)) ?? [];
  expect(kept.map((card) => card.id)).not.toContain(deleted);
  for (const card of kept) expect(card).toEqual(onServer.get(card.id));

  await contextA.close();
  await contextB.close();
});

/** Hard: the card comes back within minutes, so both devices' copies hold it afterwards. */
async function answerHard(page: Page, position: number, total: number) {
  await expect(page.getByText(`Card ${position} of ${total}`)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Hard/ })).toBeVisible();
  await page.keyboard.press('2');
  if (position < total) await expect(page.getByText(`Card ${position + 1} of`)).toBeVisible();
}

test('two devices answer the same deck offline, then sync: every answer once, one state', async ({
  browser,
}) => {
  const email = uniqueEmail('two-offline');
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  await signUp(a, email);
  const deckId = await deckWithCards(a, 'Tram', 3);
  await keepOffline(a, deckId);
  await b.goto('/login');
  await submitSignIn(b, email, PASSWORD);
  await expect(b).toHaveURL(/\/dashboard$/);
  await keepOffline(b, deckId);

  for (const [context, page] of [
    [contextA, a],
    [contextB, b],
  ] as const) {
    await context.setOffline(true);
    await page.goto(`/deck/${deckId}/learn`);
    await page.reload();
    await page.getByRole('button', { name: 'Start Session' }).click();
    for (const position of [1, 2, 3]) await answerHard(page, position, 3);
    await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();
  }

  await contextA.setOffline(false);
  await expect(a.getByText('3 answers were recorded')).toBeVisible();
  await contextB.setOffline(false);
  await expect(b.getByText('3 answers were recorded')).toBeVisible();

  // Both devices' answers, each once, one after the other on each card (the server's order).
  const server = await serverCards(a, deckId);
  expect(server.map((card) => card.review_count)).toEqual([2, 2, 2]);
  const stats = await (await a.request.get(`/api/stats?deck_id=${deckId}`)).json();
  expect([stats.total_reviews, stats.total_sessions]).toEqual([6, 2]);
  // Both devices take that state: B as its sync ends, A when it opens next.
  await a.reload();
  const onServer = new Map(
    server.map(({ id, front_content, review_count, due_date }) => [
      id,
      { id, front_content, review_count, due_date },
    ]),
  );
  for (const page of [a, b]) {
    await expect
      .poll(async () => (await deviceCards(page, deckId))?.sort((x, y) => x.id.localeCompare(y.id)))
      .toEqual([...onServer.values()].sort((x, y) => x.id.localeCompare(y.id)));
  }

  await contextA.close();
  await contextB.close();
});
