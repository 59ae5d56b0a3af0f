import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { signUp, uniqueEmail } from './support/helpers';

test('export a deck to Anki from the deck page: the current package, or the one for older Ankis', async ({
  page,
}) => {
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
  const entries = async (item: string) => {
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.apkg$/);
    const zip = await JSZip.loadAsync(await fs.readFile((await file.path()) ?? ''));
    return { name: file.suggestedFilename(), entries: Object.keys(zip.files).sort() };
  };
  // Today's Anki: meta, the zstd schema-18 collection, the dummy for old clients, the media map.
  expect(await entries('This deck as an Anki package (.apkg)')).toEqual({
    name: 'Capitals.apkg',
    entries: ['collection.anki2', 'collection.anki21b', 'media', 'meta'],
  });
  expect(await entries('This deck for Anki 2.1.49 and older (.apkg)')).toEqual({
    name: 'Capitals (Anki 2.1.49 and older).apkg',
    entries: ['collection.anki21', 'media'],
  });
  expect(await entries('All decks as an Anki package (.apkg)')).toEqual({
    name: 'Mnemo.apkg',
    entries: ['collection.anki2', 'collection.anki21b', 'media', 'meta'],
  });
  expect(await entries('All decks for Anki 2.1.49 and older (.apkg)')).toEqual({
    name: 'Mnemo (Anki 2.1.49 and older).apkg',
    entries: ['collection.anki21', 'media'],
  });
});
