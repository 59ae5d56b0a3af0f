import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

const FRONT = '{{c1::Paris}} is the capital of {{c2::France}}';

test('cloze siblings: one card per deletion, each studied on its own, removal confirmed', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('cloze'));
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /Create Your First Deck|New Deck/ })
    .first()
    .click();
  const deckDialog = page.getByRole('dialog', { name: 'Create New Deck' });
  await deckDialog.getByLabel('Deck Name').fill('Capitals');
  await deckDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Capitals', level: 1 })).toBeVisible();

  // One cloze note with two deletions makes two cards.
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Card' });
  await dialog.getByRole('radio', { name: 'Cloze' }).click();
  await dialog.getByLabel('Front').fill(FRONT);
  await dialog.getByLabel('Back').fill('Paris is the capital of France');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Card Created!').first()).toBeVisible();
  await expect(page.getByText('2 cards, one per cloze number.')).toBeVisible();
  await expect(page.getByText('2 cards', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Learning (2 due)' })).toBeVisible();

  const rows = page.getByRole('article', { name: `Card: ${FRONT}` });
  await expect(rows).toHaveCount(2);
  const first = rows.filter({ hasText: 'Cloze 1 of 2' });
  const second = rows.filter({ hasText: 'Cloze 2 of 2' });
  // Each row blanks its own deletion and shows the other as text.
  await expect(first.locator('.cloze-blank')).toHaveCount(1);
  await expect(first.locator('.card-content').first()).toHaveText('[...] is the capital of France');
  await expect(second.locator('.card-content').first()).toHaveText('Paris is the capital of [...]');
  await expect(second.locator('mark.cloze-answer')).toHaveText('France');

  // Studying (a mixed session shuffles): each card blanks only its own deletion and shows the
  // other one as text; its answer highlights its own deletion.
  const asks = {
    '[...] is the capital of France': 'Paris',
    'Paris is the capital of [...]': 'France',
  } as Record<string, string>;
  await page.getByRole('link', { name: 'Start Learning (2 due)' }).click();
  await page.getByRole('button', { name: 'Start Session' }).click();
  const front = page.locator('.card-content').first();
  const seen: string[] = [];
  for (const position of [1, 2]) {
    await expect(page.getByText(`Card ${position} of 2`)).toBeVisible();
    await expect(front.locator('.cloze-blank')).toHaveCount(1);
    const text = (await front.textContent())?.trim() ?? '';
    expect(Object.keys(asks)).toContain(text);
    seen.push(text);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('answer').locator('mark.cloze-answer')).toHaveText(
      asks[text] ?? '',
    );
    if (position === 1) await page.keyboard.press('3');
  }
  expect(seen.sort()).toEqual(Object.keys(asks).sort());

  // Editing the note to drop c2 asks first; confirming removes c2's card only.
  await page.goto(
    page
      .url()
      .replace(/\/learn.*$/, '')
      .replace(/\/study.*$/, ''),
  );
  await expect(page.getByRole('heading', { name: 'Capitals', level: 1 })).toBeVisible();
  await first.getByRole('button', { name: 'Edit card' }).click();
  await page.getByLabel('Front').fill('{{c1::Paris}} is the capital of France');
  await page.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove cloze cards?' });
  await expect(
    confirm.getByText(
      'This edit removes cloze 2 and its card with its review history. Confirm to continue.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove Cards' }).click();
  await expect(page.getByText('Card Updated')).toBeVisible();
  await expect(page.getByText('1 card', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Card: / })).toHaveCount(1);
});
