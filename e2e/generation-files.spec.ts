import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { recordToasts, signUp, uniqueEmail } from './support/helpers';

const fixture = (name: string) => path.resolve('e2e/fixtures', name);

async function newDeck(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create Your First Deck' }).click();
  await page.getByLabel('Deck Name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Add Content' })).toBeVisible();
}

test('upload a .pdf, a .doc and a .docx: each becomes cards', async ({ page }) => {
  await signUp(page, uniqueEmail('files'));
  await newDeck(page, 'Plants');
  await page.getByRole('tab', { name: 'File' }).click();
  await expect(
    page.getByText('Choose or drop a .txt, .md, .pdf, .docx or .doc file (up to 10 MB)'),
  ).toBeVisible();

  // A file of the wrong kind is refused in the browser, with the service's words.
  await page.getByLabel('File to learn from').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(
    page.getByText('Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md'),
  ).toBeVisible();

  // A file that claims to be a PDF but is not one is refused by the server.
  await page.getByLabel('File to learn from').setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\x90\x00 not a pdf at all'),
  });
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Generation Failed')).toBeVisible();
  await expect(
    page.getByText('Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md'),
  ).toBeVisible();

  const cards = page.getByTestId('card-list').getByRole('article');
  await page.getByLabel('File to learn from').setInputFiles(fixture('photosynthesis.pdf'));
  await expect(page.getByText('photosynthesis.pdf')).toBeVisible();
  await page.getByRole('radio', { name: /Key Concepts/ }).click();
  // A warm generator can finish before a poll sees 'Generation Started!': record the toasts.
  const toasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Cards Generated!')).toBeVisible({ timeout: 30_000 });
  expect((await toasts()).some((text) => text.includes('Generation Started!'))).toBe(true);
  await expect(cards.first()).toBeVisible();
  const fromPdf = await cards.count();
  expect(fromPdf).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(/photosynthesis\.pdf · \d+ cards/)).toBeVisible();

  await page.getByLabel('File to learn from').setInputFiles(fixture('roman-roads.doc'));
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText(/roman-roads\.doc · \d+ cards/)).toBeVisible({ timeout: 30_000 });
  await expect(cards.filter({ hasText: /Appia|Rome|Roman/ }).first()).toBeVisible();

  await page.getByLabel('File to learn from').setInputFiles(fixture('volcanoes.docx'));
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText(/volcanoes\.docx · \d+ cards/)).toBeVisible({ timeout: 30_000 });
  await expect(
    cards.filter({ hasText: /Vesuvius|Pompeii|volcano|Ring of Fire|magma/ }).first(),
  ).toBeVisible();
  await expect(cards.first().getByText('Generated', { exact: true })).toBeVisible();

  // The uploads are listed in Settings under their own names; one is downloaded, one deleted.
  await page.goto('/settings');
  const uploads = page.getByRole('list', { name: 'Uploaded files' });
  await expect(uploads.getByRole('listitem')).toHaveCount(3);
  await expect(uploads.getByText('photosynthesis.pdf', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download roman-roads.doc' }).click();
  expect((await download).suggestedFilename()).toBe('roman-roads.doc');
  await page.getByRole('button', { name: 'Delete photosynthesis.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete File' }).click();
  await expect(page.getByText('File Deleted')).toBeVisible();
  await expect(uploads.getByRole('listitem')).toHaveCount(2);
  await expect(uploads.getByText('photosynthesis.pdf', { exact: true })).toHaveCount(0);
});

test.describe('with an LLM that fails once', () => {
  test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}` });

  test('a failed job shows the failure toast and can be retried', async ({ page }) => {
    await signUp(page, uniqueEmail('retry'));
    await newDeck(page, 'Planets');
    await page
      .getByLabel('Text to learn from')
      .fill(
        [
          'Saturn is the sixth planet from the Sun and the second largest in the Solar System.',
          'Its rings are made mostly of ice particles with a smaller amount of rocky debris.',
          'Titan is the largest moon of Saturn and has a thick atmosphere of nitrogen.',
          'Galileo Galilei first observed the rings of the planet through a telescope in 1610.',
          `[fail once: ${Date.now()}-${Math.random()}]`,
        ].join(' '),
      );
    await page.getByRole('button', { name: 'Generate Cards' }).click();
    await expect(page.getByText('Generation Started!')).toBeVisible();
    await expect(page.getByText('Generation Failed', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    // In plain words: the provider's own text goes to the log only (issue 22).
    await expect(
      page.getByText('Generation failed: The AI service is busy; try again in a minute').first(),
    ).toBeVisible();
    await expect(page.getByText('failed', { exact: true })).toBeVisible();
    // The pasted text is still in the box: a failure loses nothing.
    const box = page.getByLabel('Text to learn from');
    await expect(box).toHaveValue(/^Saturn is the sixth planet/);

    // Retry starts from the text in the box, corrected meanwhile.
    await box.fill(
      [
        'Jupiter is the fifth planet from the Sun and the largest in the Solar System.',
        'Its Great Red Spot is a storm that has lasted for hundreds of years at least.',
        'Ganymede is the largest moon of Jupiter and is bigger than the planet Mercury.',
      ].join(' '),
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('card-list')).toContainText('Ganymede');
    await expect(page.getByTestId('card-list')).not.toContainText('Saturn');
    // Succeeded: now the box is cleared, and the failed job made way for the new one.
    await expect(box).toHaveValue('');
    await expect(page.getByText('failed', { exact: true })).toHaveCount(0);
  });
});
