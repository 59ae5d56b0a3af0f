import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

async function createDeck(page: Page, name: string, description = '') {
  await page.goto('/dashboard');
  const opener = page.getByRole('button', { name: /Create Your First Deck|New Deck/ });
  await opener.first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Deck' });
  await dialog.getByLabel('Deck Name').fill(name);
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Deck created successfully.')).toBeVisible();
}

async function addCard(
  page: Page,
  type: 'Q&A' | 'Cloze',
  front: string,
  back: string,
  open: 'button' | 'shortcut' = 'button',
) {
  if (open === 'shortcut') await page.keyboard.press('n');
  else await page.getByRole('button', { name: 'Card', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Card' });
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await dialog.getByRole('radio', { name: type }).click();
  await dialog.getByLabel('Front').fill(front);
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Back').fill(back);
  await create.click();
  await expect(page.getByText('Card Created!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

const cardNamed = (page: Page, front: string) =>
  page.getByRole('article', { name: `Card: ${front}`.slice(0, 86) });

test('decks and cards: create, edit, delete, search, duplicate, move, delete deck', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('decks'));
  await createDeck(page, 'Geography', 'Capitals and rivers');
  await expect(page.getByText('Your deck is empty')).toBeVisible();
  await expect(page.getByText('Add content to generate your first cards.')).toBeVisible();

  // A Q&A card and a cloze card, rendered.
  await addCard(page, 'Q&A', 'What is the capital of **Italy**?', 'Rome');
  // The cloze card through the 'n' shortcut (no field has focus).
  await addCard(
    page,
    'Cloze',
    '{{c1::Paris}} is the capital of France',
    'Paris is the capital of France',
    'shortcut',
  );
  const qa = cardNamed(page, 'What is the capital of **Italy**?');
  await expect(qa.locator('strong', { hasText: 'Italy' })).toBeVisible();
  await expect(qa.getByText('Q&A', { exact: true })).toBeVisible();
  const cloze = cardNamed(page, '{{c1::Paris}} is the capital of France');
  // Front: the blank; back: the full text with the answer highlighted.
  await expect(cloze.locator('.cloze-blank')).toHaveText('[...]');
  await expect(cloze.locator('mark.cloze-answer')).toHaveText('Paris');
  await expect(cloze.getByText('Cloze', { exact: true })).toBeVisible();
  await expect(page.getByText('2 cards')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Learning (2 due)' })).toBeVisible();

  // The empty-field rule of the editor and a server refusal (invalid cloze) in a toast.
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Card' });
  await dialog.getByLabel('Front').fill('x');
  await dialog.getByLabel('Front').fill('   ');
  await dialog.getByLabel('Back').focus();
  await expect(dialog.getByText('Front content is required')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Cloze' }).click();
  await dialog.getByLabel('Front').fill('No blank here');
  await dialog.getByLabel('Back').fill('No blank here');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Creation Failed')).toBeVisible();
  await expect(page.getByText(/need at least one deletion/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Edit inline: it shows as edited.
  await qa.getByRole('button', { name: 'Edit card' }).click();
  await page.getByLabel('Back').fill('Rome, on the Tiber');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Card Updated')).toBeVisible();
  await expect(qa.getByText('Edited')).toBeVisible();
  await expect(qa.getByText('Rome, on the Tiber')).toBeVisible();
  await expect(cloze.getByText('Edited')).toHaveCount(0);

  // Search the deck's cards ('/' focuses the search box).
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search cards' })).toBeFocused();
  await page.keyboard.type('tiber');
  await expect(cardNamed(page, 'What is the capital of **Italy**?')).toBeVisible();
  await expect(cloze).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search cards' }).fill('');
  await expect(cloze).toBeVisible();

  // Delete the cloze card through its confirmation.
  await cloze.getByRole('button', { name: 'Delete card' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this card?' });
  await expect(confirm.getByText(/cannot be undone/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Card' }).click();
  await expect(page.getByText('Card Deleted')).toBeVisible();
  await expect(cloze).toHaveCount(0);
  await expect(page.getByText('1 card', { exact: true })).toBeVisible();

  // Settings: daily limits.
  await page.getByRole('button', { name: 'Deck settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Deck settings' });
  await expect(settings.getByLabel('New cards per day')).toHaveValue('20');
  await expect(settings.getByLabel('Max reviews per day')).toHaveValue('200');
  await settings.getByLabel('New cards per day').fill('15');
  await settings.getByLabel('Description').fill('Capitals, rivers and mountains');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your settings are saved.')).toBeVisible();
  await expect(settings).toBeHidden();
  await expect(page.getByText('Capitals, rivers and mountains')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Deck settings' }).click();
  await expect(settings.getByLabel('New cards per day')).toHaveValue('15');
  await settings.getByRole('button', { name: 'Cancel' }).click();

  // Duplicate from the dashboard, search decks, then move a card into the copy.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  // The deck card: its new card counts as due, so there is a Learn link.
  const geography = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Geography', exact: true }) });
  await expect(geography.getByText('1 Due', { exact: true })).toBeVisible();
  await expect(geography.getByText('1 card', { exact: true })).toBeVisible();
  await expect(geography.getByRole('link', { name: 'Learn' })).toHaveAttribute(
    'href',
    /\/deck\/[^/]+\/learn$/,
  );
  await page.getByRole('button', { name: 'Deck options for Geography' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate Deck' }).click();
  await expect(page.getByRole('link', { name: 'Geography Copy' })).toBeVisible();
  await createDeck(page, 'History');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  // The shortcut works once the dashboard has mounted: press until the box has focus.
  const deckSearch = page.getByRole('searchbox', { name: 'Search decks' });
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(deckSearch).toBeFocused({ timeout: 1000 });
  }).toPass();
  await expect(deckSearch).toHaveValue('');
  await page.keyboard.type('rivers');
  await expect(page.getByRole('link', { name: 'Geography', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'History' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search decks' }).fill('');

  await page.getByRole('link', { name: 'Geography', exact: true }).click();
  await qa.getByRole('checkbox', { name: 'Select card' }).check();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move 1 card' });
  await move.getByLabel('Target deck').selectOption({ label: 'History' });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('1 card moved to History.')).toBeVisible();
  await expect(page.getByText('Your deck is empty')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const history = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'History', exact: true }) });
  await expect(history.getByText('1 card', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: 'Geography', exact: true }) })
      .getByText('0 cards'),
  ).toBeVisible();

  // Delete a deck through its confirmation.
  await page.getByRole('button', { name: 'Deck options for Geography Copy' }).click();
  await page.getByRole('menuitem', { name: 'Delete Deck' }).click();
  const deleteDeck = page.getByRole('alertdialog');
  await expect(deleteDeck.getByText(/permanent/)).toBeVisible();
  await deleteDeck.getByRole('button', { name: 'Delete Deck' }).click();
  await expect(page.getByText('Deck Deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Geography Copy' })).toHaveCount(0);
});

test('card content with script and event handlers renders inert', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signUp(page, uniqueEmail('xss'));
  await createDeck(page, 'Payloads');
  await addCard(
    page,
    'Q&A',
    '<img src=x onerror=alert(1)> and <script>alert(2)</script>',
    '[click](javascript:alert(3)) <svg onload=alert(4)>',
  );
  const card = page.getByRole('article').first();
  await expect(card.getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);
  await expect(card.locator('script')).toHaveCount(0);
  await expect(card.locator('svg[onload]')).toHaveCount(0);
  await expect(card.locator('[onerror]')).toHaveCount(0);
  const link = card.getByRole('link', { name: 'click' });
  if (await link.count()) expect(await link.getAttribute('href')).not.toMatch(/^javascript:/i);
  await page.reload();
  await expect(page.getByText('<script>alert(2)</script>', { exact: false })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('a deck of 2,000 cards scrolls through a virtualised list', async ({ page }) => {
  await signUp(page, uniqueEmail('big'));
  await createDeck(page, 'Big deck');
  const deckId = page.url().split('/').pop() ?? '';
  const origin = new URL(page.url()).origin;
  for (let batch = 0; batch < 2; batch++) {
    const cards = Array.from({ length: 1000 }, (_, index) => ({
      deck_id: deckId,
      front_content: `Question ${batch * 1000 + index}`,
      back_content: `Answer ${batch * 1000 + index}`,
    }));
    const response = await page.request.post('/api/flashcards/bulk', {
      data: { cards },
      headers: { origin },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  await expect(page.getByText('2000 cards')).toBeVisible();
  const list = page.getByTestId('card-list');
  const rendered = await list.getByRole('article').count();
  expect(rendered).toBeLessThan(40);
  const box = await list.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(600);
  await expect(list.locator('[data-index="1999"]')).toHaveCount(0);
  // The list loads 200 cards at a time as its end comes near: scroll until the last one.
  await expect(async () => {
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(list.locator('[data-index="1999"]')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(await list.getByRole('article').count()).toBeLessThan(40);
});
