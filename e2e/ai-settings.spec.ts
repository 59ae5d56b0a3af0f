import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

const TEXT = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO catalyses the first step of carbon fixation.',
].join('\n\n');

/**
 * Settings → AI (issue 22 §4): a new user sees the built-in generator named in the Add Content
 * panel, connects their own model in Settings (a refused key is said so), generates with it, and
 * sees the provider named; the key is never shown again. The providers are the local fake model
 * (TEST_AI_PROVIDER_URL in playwright.config.ts).
 */
test('connect a model in Settings → AI, generate with it, and see it named in the panel', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('ai-settings'));
  await page.getByRole('button', { name: 'Create Your First Deck' }).click();
  await page.getByLabel('Deck Name').fill('Plants');
  await page.getByRole('button', { name: 'Create' }).click();
  const note = page.getByTestId('generator-note');
  await expect(note).toContainText('Cards written by Built-in offline generator');
  const deckUrl = page.url();

  await note.getByRole('link', { name: 'Connect a model in Settings → AI' }).click();
  await expect(page).toHaveURL(/\/settings#settings-ai$/);
  const section = page.getByRole('region', { name: 'AI', exact: true });
  await expect(section.getByTestId('ai-generator')).toContainText('Built-in offline generator');

  await section.getByRole('button', { name: 'Connect model' }).click();
  await expect(section.getByText('Paste an API key')).toBeVisible();
  await section.getByLabel('Provider').selectOption('openai');
  await section.getByLabel('API key').fill('sk-bad-key-00000000');
  await section.getByRole('button', { name: 'Connect model' }).click();
  await expect(section.getByText('The AI service refused the key')).toBeVisible();

  await section.getByLabel('API key').fill('sk-good-key-98765432');
  await section.getByRole('button', { name: 'Connect model' }).click();
  await expect(section.getByTestId('ai-generator')).toContainText(
    'OpenAI · gpt-4o-mini (your key)',
  );
  await expect(section.getByText('••••5432')).toBeVisible();
  await expect(section.getByLabel('API key')).toHaveValue('');
  // The emptied key field of the new form shows no error.
  await expect(section.getByText('Paste an API key')).toBeHidden();
  expect(await page.content()).not.toContain('sk-good-key');
  await section.screenshot({ path: 'test-results/settings-ai-dark.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await section.screenshot({ path: 'test-results/settings-ai-phone-light.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(deckUrl);
  await expect(note).toContainText('Cards written by OpenAI · gpt-4o-mini (your key)');
  await page.getByLabel('Text to learn from').fill(TEXT);
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Cards Generated!')).toBeVisible({ timeout: 30_000 });
  const cards = page.getByTestId('card-list').getByRole('article');
  await expect(cards.first()).toBeVisible();

  // Removed: the built-in generator writes the cards again.
  await page.goto('/settings');
  await section.getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByTestId('ai-generator')).toContainText('Built-in offline generator');
});
