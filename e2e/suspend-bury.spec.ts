import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { signUp, uniqueEmail } from './support/helpers';

/** The e2e server's database (the clock is moved by writing a due date, as the API tests do). */
const DB_FILE = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/mnemo.db`);

async function deckWithCards(page: Page, name: string, fronts: string[]) {
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (await page.request.post('/api/decks', { data: { name }, headers })).json();
  const ids: string[] = [];
  for (const front of fronts) {
    const response = await page.request.post('/api/flashcards', {
      data: { deck_id: deck.id, front_content: front, back_content: `Answer to ${front}` },
      headers,
    });
    expect(response.status()).toBe(201);
    ids.push((await response.json()).id);
    await page.waitForTimeout(5);
  }
  return { deckId: deck.id as string, ids };
}

test('suspend from the learn page with @: the card leaves the session and is Suspended in the list', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('suspend'));
  const { deckId } = await deckWithCards(page, 'Rivers', ['Nile?', 'Amazon?', 'Danube?']);
  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await expect(page.getByTestId('key-hint').filter({ hasText: '@' })).toBeVisible();
  const suspended = (await page.locator('.card-content').first().textContent()) ?? '';

  await page.keyboard.press('@');
  await expect(page.getByText('Card Suspended')).toBeVisible();
  await expect(page.getByText('Card 1 of 2')).toBeVisible();
  await expect(page.locator('.card-content').first()).not.toHaveText(suspended);
  for (let answered = 0; answered < 2; answered++) {
    await expect(page.getByText(`Card ${answered + 1} of 2`)).toBeVisible();
    await expect(page.locator('.card-content').first()).not.toHaveText(suspended);
    await page.keyboard.press('Space');
    await page.keyboard.press('4');
  }
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible();

  await page.goto(`/deck/${deckId}`);
  const row = page.getByRole('article', { name: `Card: ${suspended}` });
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  // The status filter lists only it; unsuspend from the row brings it back.
  await page.getByLabel('Show cards').selectOption('suspended');
  await expect(page.getByRole('article')).toHaveCount(1);
  await row.getByRole('button', { name: 'Unsuspend card' }).click();
  await expect(page.getByText('Card Unsuspended')).toBeVisible();
  await expect(page.getByText('No cards to show.')).toBeVisible();
});

test('a leech: the 8th lapse says so on the learn page and the card is suspended', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('leech'));
  const { deckId, ids } = await deckWithCards(page, 'Hard words', ['Defenestrate?', 'Easy?']);
  const [leech] = ids as [string];
  const headers = { origin: new URL(page.url()).origin };
  // Seven real lapses through the API: Easy makes it a review card, Again lapses it.
  const session = await (
    await page.request.post(`/api/decks/${deckId}/study/sessions`, {
      data: { time_zone: 'UTC' },
      headers,
    })
  ).json();
  let count = 0;
  for (const response of [...Array.from({ length: 7 }, () => ['easy', 'again']).flat(), 'easy']) {
    const answer = await page.request.post(`/api/study/sessions/${session.session.id}/reviews`, {
      data: {
        id: `leech-${count++}-${Date.now()}`,
        card_id: leech,
        response,
        response_time_seconds: 2,
      },
      headers,
    });
    expect(answer.status()).toBe(200);
  }
  const card = await (await page.request.get(`/api/flashcards/${leech}`, { headers })).json();
  expect(card).toMatchObject({ card_state: 'review', is_leech: false });
  // Its review comes due: days pass (the stored due date moves, nothing else).
  const db = new Database(DB_FILE);
  try {
    db.prepare('update flashcards set due_date = ? where id = ?').run(
      new Date(Date.now() - 60_000).toISOString(),
      leech,
    );
  } finally {
    db.close();
  }

  await page.goto(`/deck/${deckId}/learn`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText(/^Card 1 of \d$/)).toBeVisible();
  const easyFirst =
    (await page.locator('.card-content').first().textContent())?.trim() !== 'Defenestrate?';
  if (easyFirst) {
    await page.keyboard.press('Space');
    await page.keyboard.press('4');
  }
  await expect(page.locator('.card-content').first()).toHaveText('Defenestrate?');
  await page.keyboard.press('Space');
  await page.keyboard.press('1');
  await expect(page.getByText(/^Leech: .*This card has been suspended\.$/)).toBeVisible();
  // The leech does not come back in the session; the other card, if still waiting, is answered.
  if (!easyFirst) {
    await expect(page.locator('.card-content').first()).toHaveText('Easy?');
    await page.keyboard.press('Space');
    await page.keyboard.press('4');
  }
  await expect(page.getByRole('heading', { name: 'Session Complete!' })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto(`/deck/${deckId}`);
  await page.getByLabel('Show cards').selectOption('leech');
  const row = page.getByRole('article', { name: 'Card: Defenestrate?' });
  await expect(row.getByText('Leech', { exact: true })).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
});
