import { expect, test } from '@playwright/test';
import { buildPackage, STOCK } from '../test/support/anki/test-packages';
import { seriousViolations, signUp, uniqueEmail } from './support/helpers';

// axe is injected as a script tag; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

test('import an Anki package into its own nested decks, see its cards, import it again', async ({
  page,
}) => {
  const apkg = buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.reversed, STOCK.cloze],
    decks: [{ id: 20, name: 'Languages::French' }],
    notes: [
      {
        guid: 'e2e-manger',
        mid: STOCK.reversed.id,
        tags: 'verbs',
        fields: ['<b>manger</b>', 'to eat'],
        cards: [{ ord: 0 }, { ord: 1 }],
      },
      {
        guid: 'e2e-cloze',
        mid: STOCK.cloze.id,
        fields: ['{{c1::Paris}} is the capital of {{c2::France}}', ''],
        cards: [{ ord: 0 }, { ord: 1 }],
      },
    ],
  });
  await signUp(page, uniqueEmail('anki'));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Import/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Import', exact: true });
  expect(await seriousViolations(page), 'import dialog').toEqual([]);
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'french.apkg',
    mimeType: 'application/octet-stream',
    buffer: apkg,
  });
  await expect(dialog.getByLabel('Put the cards in')).toHaveValue('');
  // The job's status is held back until its progress bar has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/import/jobs/*', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(dialog.getByText('Waiting for its turn…')).toBeVisible();
  expect(await seriousViolations(page), 'import progress').toEqual([]);
  release();
  const summary = dialog.getByRole('list', { name: 'Import summary' });
  await expect(summary).toContainText('Imported 2 new notes as 4 cards, with 0 past reviews.');
  expect(await seriousViolations(page), 'import summary').toEqual([]);
  await expect(summary).toContainText('Created 1 deck: Languages::French.');
  await expect(page.getByText('Import finished')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.unroute('**/api/import/jobs/*');

  await page
    .getByRole('link', { name: /Languages::French/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Languages::French', level: 1 })).toBeVisible();
  await expect(page.getByText('4 cards', { exact: true })).toBeVisible();
  // The note's HTML becomes Markdown (bold stays bold), the reverse card asks the back.
  await expect(page.locator('.card-content strong', { hasText: 'manger' }).first()).toBeVisible();
  await expect(page.getByRole('article', { name: /Card: to eat/ })).toHaveCount(1);
  await expect(page.getByText('Cloze 2 of 2')).toBeVisible();

  // The imported cards are studied like any other.
  await page.getByRole('link', { name: 'Start Learning (4 due)' }).click();
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 4')).toBeVisible();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /Good/ }).click();
  await expect(page.getByText('Card 2 of 4')).toBeVisible();

  // Again: updated, not duplicated.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Import/ }).click();
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'french.apkg',
    mimeType: 'application/octet-stream',
    buffer: apkg,
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(summary).toContainText('Imported 0 new notes as 0 cards');
  await expect(summary).toContainText(
    'Found 2 notes imported before: 0 cards updated, schedules kept.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('link', { name: /Languages::French/ })).toHaveCount(1);

  // The dialog may be closed while the job runs: the import goes on, a toast tells its end.
  let resume = () => {};
  const paused = new Promise<void>((resolve) => (resume = resolve));
  await page.route('**/api/import/jobs/*', async (route) => {
    await paused;
    await route.continue();
  });
  // The toast of the import before has gone (toasts last 5 s).
  await expect(page.getByText('Import finished')).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name: /^Import/ }).click();
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'french.apkg',
    mimeType: 'application/octet-stream',
    buffer: apkg,
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue in the background' }).click();
  await expect(dialog).toBeHidden();
  resume();
  await expect(page.getByText('Import finished')).toBeVisible();
  await page.unroute('**/api/import/jobs/*');

  // Not an Anki package: a clear message in the dialog.
  await page.getByRole('button', { name: /^Import/ }).click();
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'notes.apkg',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('just some text'),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The file is not an Anki package (.apkg or .colpkg)',
  );
});
