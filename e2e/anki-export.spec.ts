import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { signUp, uniqueEmail } from './support/helpers';

test('export a deck to Anki from the deck page: an .apkg with its collection', async ({ page }) => {
  await signUp(page, uniqueEmail('export'));
  const headers = { origin: new URL(page.url()).origin };
  const deck = await (
    await page.request.post('/api/decks', { data: { name: 'Capitals' }, headers })
  ).json();
  await page.request.post('/api/flashcards', {
    data: { deck_id: deck.id, front_content: 'France?', back_content: 'Paris', tags: ['geo'] },
    headers,
  });
  await page.goto(`/deck/${deck.id}`);
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'This deck as an Anki package (.apkg)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('Capitals.apkg');
  const zip = await JSZip.loadAsync(await fs.readFile((await file.path()) ?? ''));
  expect(Object.keys(zip.files).sort()).toEqual(['collection.anki21', 'media']);
});
