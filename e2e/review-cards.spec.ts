import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, signOut, signUp, uniqueEmail } from './support/helpers';

// axe is injected as a script tag; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

const TEXT = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO catalyses the first step of carbon fixation.',
  'Jan Ingenhousz discovered in 1779 that light is essential for photosynthesis. Melvin Calvin mapped the cycle in 1950 and received the Nobel Prize in Chemistry in 1961.',
].join('\n\n');

const EDITED_FRONT = 'Which enzyme catalyses the first step of carbon fixation?';

interface Card {
  id: string;
  front_content: string;
  source_quote: string | null;
}

/** A new deck, cards generated into it from TEXT, and the job's 'Review new cards' open. */
async function generateAndOpenReview(page: Page) {
  await page.getByRole('button', { name: 'Create Your First Deck' }).click();
  await page.getByLabel('Deck Name').fill('Biology');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByLabel('Text to learn from').fill(TEXT);
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Cards Generated!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Review new cards' }).click();
  await expect(page).toHaveURL(/\/deck\/[^/]+\/review\/[^/]+$/);
  const [, deckId = '', jobId = ''] =
    /\/deck\/([^/]+)\/review\/([^/]+)$/.exec(new URL(page.url()).pathname) ?? [];
  const listed = await page.request.get(
    `/api/flashcards?deck_id=${deckId}&source_job_id=${jobId}&limit=100`,
  );
  const cards = ((await listed.json()) as { flashcards: Card[] }).flashcards;
  expect(cards.length).toBeGreaterThanOrEqual(3);
  return { deckId, jobId, cards };
}

const reviewed = (page: Page) => page.getByRole('article', { name: 'Card under review' });

test('review the new cards of a job: j/k, edit, delete, keep, summary', async ({ page }) => {
  await signUp(page, uniqueEmail('review'));
  const { deckId, jobId, cards } = await generateAndOpenReview(page);
  const total = cards.length;

  // The route survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Review new cards' })).toBeVisible();
  await expect(page.getByText(`Card 1 of ${total}`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Review progress' })).toBeVisible();
  await expect(reviewed(page).locator('blockquote')).toHaveText(cards[0]?.source_quote ?? '');
  expect(await seriousViolations(page), 'review (dark)').toEqual([]);

  await page.keyboard.press('j');
  await expect(page.getByText(`Card 2 of ${total}`)).toBeVisible();
  await expect(reviewed(page).locator('blockquote')).toHaveText(cards[1]?.source_quote ?? '');
  await page.keyboard.press('k');
  await expect(page.getByText(`Card 1 of ${total}`)).toBeVisible();

  // e: the card editor, as in 'Your Cards'; saving changes the card in view.
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: 'Edit Card' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Q&A' }).click();
  await dialog.getByLabel('Front').fill(EDITED_FRONT);
  await dialog.getByLabel('Back').fill('RuBisCO');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Card Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reviewed(page)).toContainText(EDITED_FRONT);
  await expect(reviewed(page).getByText('Edited')).toBeVisible();

  // Enter keeps the card and moves on; x deletes the next one at once.
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Card 2 of ${total}`)).toBeVisible();
  await page.keyboard.press('x');
  await expect(page.getByText('Card Deleted')).toBeVisible();
  await expect(page.getByText(`Card 2 of ${total - 1}`)).toBeVisible();
  // u undoes the delete: the card is back, in its place.
  await page.keyboard.press('u');
  await expect(page.getByText('Card restored')).toBeVisible();
  await expect(page.getByText(`Card 2 of ${total}`)).toBeVisible();
  await expect(reviewed(page).locator('blockquote')).toHaveText(cards[1]?.source_quote ?? '');
  await page.keyboard.press('x');
  await expect(page.getByText('Card Deleted').first()).toBeVisible();
  await expect(page.getByText(`Card 2 of ${total - 1}`)).toBeVisible();
  await expect(reviewed(page).locator('blockquote')).toHaveText(cards[2]?.source_quote ?? '');
  // Back to the kept card: it says so.
  await page.keyboard.press('k');
  await expect(reviewed(page).getByText('Kept')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`Card 2 of ${total - 1}`)).toBeVisible();

  await page.getByRole('button', { name: 'Keep all' }).click();
  await expect(page.getByRole('heading', { name: 'Review complete' })).toBeVisible();
  await expect(page.getByText(`${total - 1} cards kept, 1 deleted`)).toBeVisible();
  expect(await seriousViolations(page), 'summary (dark)').toEqual([]);
  await page.getByRole('link', { name: 'Back to Deck' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}$`));

  const list = page.getByTestId('card-list').getByRole('article');
  await expect(list).toHaveCount(total - 1);
  await expect(page.getByRole('article', { name: `Card: ${EDITED_FRONT}` })).toBeVisible();
  const deleted = cards[1];
  expect(deleted).toBeDefined();
  await expect(
    page.getByRole('article', { name: `Card: ${deleted?.front_content.slice(0, 80)}` }),
  ).toHaveCount(0);
  expect((await page.request.get(`/api/flashcards/${deleted?.id}`)).status()).toBe(404);

  // A job that is not there, or not the user's, says so.
  await page.goto(`/deck/${deckId}/review/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: 'Generation not found' })).toBeVisible();
  await signOut(page);
  await signUp(page, uniqueEmail('review-other'));
  await page.goto(`/deck/${deckId}/review/${jobId}`);
  await expect(page.getByRole('heading', { name: 'Deck not found' })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create Your First Deck' }).click();
  await page.getByLabel('Deck Name').fill('Mine');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Add Content' })).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}/review/${jobId}`);
  await expect(page.getByRole('heading', { name: 'Generation not found' })).toBeVisible();
});

test.describe('phone 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('taps through the review: no key hints, no sideways scroll, light theme', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('mnemo-theme', 'light'));
    await signUp(page, uniqueEmail('review-phone'));
    const { cards } = await generateAndOpenReview(page);
    // Reloaded: the 'Cards Generated!' toast is gone before axe looks at the page.
    await page.reload();
    await expect(page.getByText(`Card 1 of ${cards.length}`)).toBeVisible();
    for (const hint of await page.getByTestId('key-hint').all()) await expect(hint).toBeHidden();
    await page.screenshot({ path: '.tmp/shots/review-phone.png' });
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width, 'the review scrolls sideways').toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'review (light)').toEqual([]);

    await page.getByRole('button', { name: 'Delete' }).tap();
    await expect(page.getByText(`Card 1 of ${cards.length - 1}`)).toBeVisible();
    // The toast's Undo brings the card back.
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect(page.getByText(`Card 1 of ${cards.length}`)).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).tap();
    await expect(page.getByText(`Card 1 of ${cards.length - 1}`)).toBeVisible();
    await page.getByRole('button', { name: 'Keep', exact: true }).tap();
    await expect(page.getByText(`Card 2 of ${cards.length - 1}`)).toBeVisible();
    await page.getByRole('button', { name: 'Keep all' }).tap();
    await expect(page.getByText(`${cards.length - 1} cards kept, 1 deleted`)).toBeVisible();
    await page.screenshot({ path: '.tmp/shots/review-phone-summary.png' });
  });
});
