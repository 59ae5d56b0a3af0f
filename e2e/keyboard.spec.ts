import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

/** A deck with three cards, made through the API; its id. */
async function deckWithCards(page: Page, name: string) {
  const headers = { origin: new URL(page.url()).origin };
  const deck = await page.request.post('/api/decks', { data: { name }, headers });
  const deckId = ((await deck.json()) as { id: string }).id;
  const cards = ['hablar', 'comer', 'vivir'].map((front) => ({
    deck_id: deckId,
    front_content: front,
    back_content: `to ${front}`,
  }));
  expect(
    (await page.request.post('/api/flashcards/bulk', { data: { cards }, headers })).status(),
  ).toBe(201);
  return deckId;
}

/** What has focus: its role or tag and its name, for the failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30);
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()} "${name}"`;
  });

test('keyboard only: from the dashboard to the first card of a deck in a few Tabs', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('keyboard'));
  await deckWithCards(page, 'Spanish verbs');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Spanish verbs' })).toBeVisible();

  // Open the deck with the keyboard: focus then lands on its heading.
  await page.getByRole('link', { name: 'Open' }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Spanish verbs' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('article', { name: 'Card: hablar' })).toBeVisible();

  // Tab until focus is in the first card, taking 'Skip to cards' when it is offered, as a
  // keyboard user would (it is the first stop after the heading, shown when focused).
  const firstCard = page.getByRole('article').first();
  const skip = page.getByRole('link', { name: 'Skip to cards' });
  const path: string[] = [];
  let tabs = 0;
  while (
    tabs < 40 &&
    !(await firstCard.evaluate((card) => card.contains(document.activeElement)))
  ) {
    await page.keyboard.press('Tab');
    tabs++;
    path.push(await focused(page));
    if (tabs === 1) {
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: /^Your Cards/ })).toBeFocused();
      path.push('(Enter)');
    }
  }
  console.log(`${tabs} Tabs from the deck's heading to its first card:\n  ${path.join('\n  ')}`);
  // It took ~27 before: every tab and radio was a Tab stop, and nothing skipped the panel.
  expect(tabs, path.join(' → ')).toBeLessThanOrEqual(6);
});

test('keyboard only: arrow keys move within the tabs and radio groups', async ({ page }) => {
  await signUp(page, uniqueEmail('arrows'));
  const deckId = await deckWithCards(page, 'Arrows');
  await page.goto(`/deck/${deckId}`);

  // Tabs: one Tab stop; Right/Left select and focus the next/previous, wrapping round.
  const tabs = page.getByRole('tablist', { name: 'Input method' });
  const tab = (name: string) => tabs.getByRole('tab', { name });
  await expect(tab('Text')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('URL')).toHaveAttribute('tabindex', '-1');
  await tab('Text').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('URL')).toBeFocused();
  await expect(tab('URL')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', /-url$/);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('File')).toBeFocused();
  await expect(tab('File')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Text')).toBeFocused();
  // Tab leaves the tab list for the panel's field.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Text to learn from')).toBeFocused();

  // Radio groups: Tab reaches the checked radio only; arrows check the next one.
  await page.keyboard.press('Tab');
  const cardType = page.getByRole('radiogroup', { name: 'Card Type' });
  await expect(cardType.getByRole('radio', { name: 'Both Types' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cardType.getByRole('radio', { name: 'Q&A Only' })).toBeFocused();
  await expect(cardType.getByRole('radio', { name: 'Q&A Only' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('ArrowDown');
  await expect(cardType.getByRole('radio', { name: 'Fill-in-the-Blank Only' })).toBeChecked();
  await page.keyboard.press('Tab');
  const strategy = page.getByRole('radiogroup', { name: 'Generation Strategy' });
  await expect(strategy.getByRole('radio', { name: /^Standard/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(strategy.getByRole('radio', { name: /^Key Concepts/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Generate Cards' })).toBeFocused();

  // The new-card dialog's card type is a radio group too.
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  const type = page.getByRole('radiogroup', { name: 'Card type' });
  await type.getByRole('radio', { name: /Q&A/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(type.getByRole('radio', { name: /Cloze/ })).toBeFocused();
  await expect(type.getByRole('radio', { name: /Cloze/ })).toBeChecked();
});
