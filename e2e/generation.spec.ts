import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

const TEXT = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO catalyses the first step of carbon fixation.',
  'Jan Ingenhousz discovered in 1779 that light is essential for photosynthesis. Melvin Calvin mapped the cycle in 1950 and received the Nobel Prize in Chemistry in 1961.',
].join('\n\n');

test('generate cards from pasted text with the built-in generator', async ({ page }) => {
  await signUp(page, uniqueEmail('generate'));
  await page.getByRole('button', { name: 'Create Your First Deck' }).click();
  await page.getByLabel('Deck Name').fill('Biology');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Add Content' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: /Standard/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Please enter some text')).toBeVisible();
  await page.getByRole('tab', { name: 'URL' }).click();
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Please enter a URL')).toBeVisible();
  await page.getByRole('tab', { name: 'File' }).click();
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Please select a file')).toBeVisible();

  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByRole('radio', { name: /Key Concepts/ }).click();
  await page.getByLabel('Text to learn from').fill(TEXT);
  // Ctrl+Enter in the text generates, like the button.
  await page.getByLabel('Text to learn from').press('Control+Enter');
  await expect(page.getByText('Generation Started!')).toBeVisible();
  await expect(page.getByText('Cards Generated!')).toBeVisible({ timeout: 30_000 });
  const cards = page.getByTestId('card-list').getByRole('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(3);
  expect(count).toBeLessThanOrEqual(8);
  await expect(cards.first().getByText('Generated', { exact: true })).toBeVisible();
  await cards.first().getByRole('button', { name: 'Show source passage' }).click();
  await expect(cards.first().locator('blockquote')).toBeVisible();
  await expect(page.getByText('Recent generations')).toBeVisible();
  await expect(page.getByText('completed', { exact: true })).toBeVisible();

  // A web page on the server's own machine is refused by the SSRF filter.
  await page.getByRole('tab', { name: 'URL' }).click();
  await page.getByLabel('Web page address').fill('http://127.0.0.1:3100/');
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Generation Failed')).toBeVisible();
  await expect(page.getByText(/Failed to process URL: .*not a public address/)).toBeVisible();
});
