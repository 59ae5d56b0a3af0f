import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, signUp, uniqueEmail } from './support/helpers';

// axe is injected as a script tag; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];

async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => localStorage.setItem('mnemo-theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

const TEXT = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO catalyses the first step of carbon fixation.',
].join('\n\n');

/**
 * A deck named 'Spanish verbs' with typed cards (one with maths, one cloze), and a generation
 * job's cards (their 'New' badge, the job's 'completed' badge, the review-new page).
 */
async function deckWithEverything(page: Page) {
  const headers = { origin: new URL(page.url()).origin };
  const deck = await page.request.post('/api/decks', {
    data: { name: 'Spanish verbs', description: 'Present tense' },
    headers,
  });
  expect(deck.status()).toBe(201);
  const deckId = ((await deck.json()) as { id: string }).id;
  const cards = [
    { front_content: 'hablar', back_content: 'to speak' },
    { front_content: 'The area of a circle is $\\pi r^2$', back_content: '**Yes**' },
    {
      card_type: 'cloze',
      front_content: 'Yo {{c1::hablo}} español.',
      back_content: 'first person',
    },
  ].map((card) => ({ deck_id: deckId, ...card }));
  const bulk = await page.request.post('/api/flashcards/bulk', { data: { cards }, headers });
  expect(bulk.status()).toBe(201);
  await page.goto(`/deck/${deckId}`);
  await page.getByLabel('Text to learn from').fill(TEXT);
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Cards Generated!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Review new cards' }).click();
  await expect(page).toHaveURL(/\/review\/[^/]+$/);
  return { deckId, reviewPath: new URL(page.url()).pathname };
}

for (const theme of THEMES) {
  test(`every main page: no serious or critical axe violations (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    const check = async (name: string) => {
      expect(await seriousViolations(page), `${name} (${theme})`).toEqual([]);
    };
    await page.goto('/');
    await setTheme(page, theme);
    await expect(page.getByRole('link', { name: 'Create account' }).first()).toBeVisible();
    await check('landing');

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome to Mnemo' })).toBeVisible();
    await check('login');

    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
    await check('sign-up');

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await check('404');

    await signUp(page, uniqueEmail(`axe-${theme}`));
    const { deckId, reviewPath } = await deckWithEverything(page);

    await page.goto(reviewPath);
    await expect(page.getByRole('heading', { name: 'Review new cards' })).toBeVisible();
    await check('review-new');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Spanish verbs' })).toBeVisible();
    await check('dashboard');

    await page.goto(`/deck/${deckId}`);
    await expect(page.getByRole('article', { name: /^Card: hablar/ })).toBeVisible();
    await expect(page.locator('.katex').first()).toBeVisible();
    await expect(page.getByText('completed', { exact: true })).toBeVisible();
    await check('deck');

    await page.goto(`/deck/${deckId}/learn`);
    await expect(page.getByRole('button', { name: 'Start Session' })).toBeVisible();
    await check('learn: preview');
    await page.getByRole('button', { name: 'Start Session' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Study: Spanish verbs' }),
    ).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: /^Good/ })).toBeVisible();
    await check('learn: answer shown');
    await page.keyboard.press('3');

    await page.goto('/stats');
    await expect(page.getByRole('heading', { name: 'Reviews per day' })).toBeVisible();
    await check('statistics');

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await check('settings');
  });
}

test('each page has its own title, and focus moves to its heading after navigation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Mnemo');
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in — Mnemo');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found — Mnemo');

  await signUp(page, uniqueEmail('titles'));
  await expect(page).toHaveTitle('Dashboard — Mnemo');
  const headers = { origin: new URL(page.url()).origin };
  const deck = await page.request.post('/api/decks', {
    data: { name: 'Spanish verbs' },
    headers,
  });
  const deckId = ((await deck.json()) as { id: string }).id;
  await page.request.post('/api/flashcards/bulk', {
    data: { cards: [{ deck_id: deckId, front_content: 'hablar', back_content: 'to speak' }] },
    headers,
  });
  await page.reload();

  // Client-side navigation (no page load): the title changes and the new h1 has focus.
  await page.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveTitle('Spanish verbs — Mnemo');
  const deckHeading = page.getByRole('heading', { level: 1, name: 'Spanish verbs' });
  await expect(deckHeading).toBeFocused();
  await expect(deckHeading).toHaveAttribute('tabindex', '-1');

  await page.getByRole('link', { name: /Start Learning/ }).click();
  await expect(page).toHaveTitle('Study: Spanish verbs — Mnemo');
  await expect(page.getByRole('heading', { level: 1, name: 'Spanish verbs' })).toBeFocused();

  await page.getByRole('link', { name: 'Statistics', exact: true }).click();
  await expect(page).toHaveTitle('Statistics — Mnemo');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeFocused();
  // The heatmap scrolls by keyboard: it is a Tab stop with a name.
  const heatmap = page.getByRole('region', { name: 'Reviews per day, scrollable' });
  await expect(heatmap).toHaveAttribute('tabindex', '0');
});
