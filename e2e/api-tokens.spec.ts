import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/helpers';

/**
 * A user creates an API token in Settings and a script (Node's fetch: no cookie, no Origin)
 * uses it; once revoked in Settings, the script is refused.
 */
test('an API token created in Settings drives the API from a script, until revoked', async ({
  page,
  baseURL,
}) => {
  await signUp(page, uniqueEmail('api-token'));
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('You have no API tokens.')).toBeVisible();

  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText('Token name is required')).toBeVisible();
  await section.getByLabel('Token name').fill('Nightly import');
  await section.getByRole('button', { name: 'Create token' }).click();
  const shown = section.getByLabel('New API token');
  await expect(shown).toHaveText(/^mnemo_pat_/);
  const token = (await shown.textContent()) ?? '';
  await expect(section.getByRole('list', { name: 'API tokens' })).toContainText('Nightly import');
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The script: a program with the token alone.
  const script = (path: string, init: RequestInit = {}) =>
    fetch(`${baseURL}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const created = await script('/api/decks', {
    method: 'POST',
    body: JSON.stringify({ name: 'Made by a script' }),
  });
  expect(created.status).toBe(201);
  const deck = (await created.json()) as { id: string };
  const card = await script('/api/flashcards', {
    method: 'POST',
    body: JSON.stringify({
      deck_id: deck.id,
      card_type: 'qa',
      front_content: 'Capital of Italy?',
      back_content: 'Rome',
    }),
  });
  expect(card.status).toBe(201);

  // The user sees the script's deck, and that the token was used.
  await page.goto('/dashboard');
  await expect(page.getByText('Made by a script')).toBeVisible();
  await page.goto('/settings');
  await expect(section.getByRole('list', { name: 'API tokens' })).toContainText('last used');

  await section.getByRole('button', { name: 'Revoke Nightly import' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Token' }).click();
  await expect(section.getByText('You have no API tokens.')).toBeVisible();
  const refused = await script('/api/decks');
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'Invalid or revoked API token',
  );
});

/**
 * Issue 21 item 4: a password change offers to take the tokens back, since whoever had the
 * password may have made some.
 */
test('a password change with "Revoke all API tokens too" ends every token', async ({
  page,
  baseURL,
}) => {
  await signUp(page, uniqueEmail('api-token-change'));
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByRole('button', { name: 'Create token' }).click();
  await section.getByLabel('Token name').fill('Old script');
  await section.getByRole('button', { name: 'Create token' }).click();
  const token = (await section.getByLabel('New API token').textContent()) ?? '';
  expect(token).toMatch(/^mnemo_pat_/);
  await section.getByRole('button', { name: 'Done' }).click();
  const script = () =>
    fetch(`${baseURL}/api/decks`, { headers: { authorization: `Bearer ${token}` } });
  expect((await script()).status).toBe(200);

  const change = page.getByRole('region', { name: 'Change password' });
  await change.getByLabel('Current password').fill(PASSWORD);
  await change.getByLabel('New password', { exact: true }).fill('a new password here');
  await change.getByLabel('Confirm new password').fill('a new password here');
  await change.getByLabel('Revoke all API tokens too').check();
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(section.getByText('You have no API tokens.')).toBeVisible();
  expect((await script()).status).toBe(401);
});
