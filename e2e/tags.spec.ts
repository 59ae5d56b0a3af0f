import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

test('tags: given when a card is made, shown on its row, edited, found by search', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('tags'));
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (
    await page.request.post('/api/decks', { data: { name: 'Spanish' }, headers })
  ).json();
  await page.goto(`/deck/${deck.id}`);

  await page.getByRole('button', { name: 'Card', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Card' });
  await dialog.getByLabel('Front').fill('hablar');
  await dialog.getByLabel('Back').fill('to speak');
  await dialog.getByLabel('Tags').fill('verbs  lang::es verbs');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('article', { name: 'Card: hablar' });
  await expect(row.getByText('#verbs')).toBeVisible();
  await expect(row.getByText('#lang::es')).toBeVisible();

  await page.getByRole('button', { name: 'Card', exact: true }).click();
  await dialog.getByLabel('Front').fill('la casa');
  await dialog.getByLabel('Back').fill('the house');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  // Edit the tags from the row.
  await row.getByRole('button', { name: /Edit/ }).click();
  const tags = page.getByLabel('Tags');
  await expect(tags).toHaveValue('verbs lang::es');
  await tags.fill('verbs irregular');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('#irregular')).toBeVisible();
  await expect(row.getByText('#lang::es')).toHaveCount(0);

  // Search finds the card by its tag.
  await page.getByRole('searchbox', { name: 'Search cards' }).fill('irregular');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Card: hablar' })).toBeVisible();
  await page.screenshot({ path: 'test-results/tags.png', fullPage: true });
});
