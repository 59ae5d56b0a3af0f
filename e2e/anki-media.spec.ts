import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { parseMediaMap } from '../src/server/import/anki/package-media';
import { tinyPng } from '../test/support/anki/test-media';
import { buildPackage, STOCK } from '../test/support/anki/test-packages';
import { signUp, uniqueEmail } from './support/helpers';

test('import a package with an image, see it on the card, study it, export it again', async ({
  page,
}) => {
  const png = tinyPng('e2e', 48);
  const apkg = buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 30, name: 'Flags' }],
    notes: [
      {
        guid: 'e2e-red',
        mid: STOCK.basic.id,
        fields: ['Which colour is this? <img src="red square.png">', 'Red'],
        cards: [{ ord: 0 }],
      },
    ],
    media: [{ name: 'red square.png', data: png }],
  });
  await signUp(page, uniqueEmail('media'));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Import/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Import', exact: true });
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'flags.apkg',
    mimeType: 'application/octet-stream',
    buffer: apkg,
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  const summary = dialog.getByRole('list', { name: 'Import summary' });
  await expect(summary).toContainText('Imported 1 new note as 1 card');
  await expect(summary).toContainText('Stored 1 media file (images, sounds) the cards show.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('link', { name: /Flags/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Flags', level: 1 })).toBeVisible();
  const image = page.locator('.card-content img').first();
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{64}\.png$/);
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(48);
  await image
    .locator('xpath=ancestor::article[1]')
    .screenshot({ path: 'test-results/anki-media-card.png' });

  // Studied like any other card: the image is on the question.
  await page.getByRole('link', { name: 'Start Learning (1 due)' }).click();
  await page.getByRole('button', { name: 'Start Session' }).click();
  const question = page.locator('.card-content img').first();
  await expect
    .poll(() => question.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(48);
  await page.screenshot({ path: 'test-results/anki-media-study.png' });
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /Good/ }).click();

  // Exported again (the current package): it carries the image under the name it came with
  // (issue 20 item 7), the name its field uses.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Flags/ }).first().click();
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'This deck as an Anki package (.apkg)' }).click();
  const file = await downloading;
  const zip = await JSZip.loadAsync(await fs.readFile((await file.path()) ?? ''));
  const map = parseMediaMap(await zip.file('media')!.async('uint8array'), 3);
  expect(map.size).toBe(1);
  const [name, entry] = [...map][0]!;
  expect(name).toBe('red square.png');
  const bytes = zlib.zstdDecompressSync(await zip.file(entry)!.async('uint8array'));
  expect(bytes.equals(png)).toBe(true);
});

test('Settings shows what the account stores and may store (issue 21)', async ({ page }) => {
  const png = tinyPng('usage', 16);
  const apkg = buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 31, name: 'Usage' }],
    notes: [
      {
        guid: 'e2e-usage',
        mid: STOCK.basic.id,
        fields: ['A picture <img src="u.png">', 'Yes'],
        cards: [{ ord: 0 }],
      },
    ],
    media: [{ name: 'u.png', data: png }],
  });
  await signUp(page, uniqueEmail('usage'));
  await page.goto('/settings');
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage).toContainText('Storage: 0 bytes of 1 GB · Cards: 0 of 100,000');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Import/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Import', exact: true });
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'usage.apkg',
    mimeType: 'application/octet-stream',
    buffer: apkg,
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('list', { name: 'Import summary' })).toContainText(
    'Imported 1 new note as 1 card',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto('/settings');
  await expect(usage).toContainText(`Storage: ${png.length} bytes of 1 GB · Cards: 1 of 100,000`);
  await expect(usage.getByRole('progressbar', { name: 'Cards' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
});
