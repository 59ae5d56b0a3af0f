import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

test('theme: dark by default, Light survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('mnemo-theme'))).toBe('light');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
});

test('landing: features, How It Works and the signed-out calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const feature of [
    'AI card generation',
    'Spaced repetition',
    'Progress tracking',
    'Several input methods',
    'Q&A and cloze cards',
    'Every review saved instantly',
  ]) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create account' }).first()).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(page.getByRole('link', { name: 'Sign in', exact: true }).first()).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
});

test('the pages load under the strict CSP without violations', async ({ page }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  // Every report of the CSP, even of a refusal the page's code caught (zod's eval probe), and
  // every console error (Chromium logs what the CSP refused there too).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // An unknown page answers 404 by design (it still shows the app's 404 page); Chromium
    // logs that status as an error of its own.
    const expected404 =
      new URL(page.url()).pathname === '/nope' && /status of 404/.test(message.text());
    if (!expected404) problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const path of ['/', '/login', '/signup', '/forgot-password', '/nope']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The signed-in screens, with a deck and a card to show (its content goes through the
  // Markdown and KaTeX renderer).
  await signUp(page, uniqueEmail('csp'));
  const origin = new URL(page.url()).origin;
  const deck = await (
    await page.request.post('/api/decks', { data: { name: 'CSP deck' }, headers: { origin } })
  ).json();
  const card = await page.request.post('/api/flashcards', {
    data: { deck_id: deck.id, front_content: 'What is $e^{i\\pi}$?', back_content: '**-1**' },
    headers: { origin },
  });
  expect(card.status()).toBe(201);
  for (const [path, heading] of [
    ['/dashboard', 'Your Knowledge Hub'],
    [`/deck/${deck.id}`, 'CSP deck'],
    [`/deck/${deck.id}/learn`, 'CSP deck'],
    ['/stats', undefined],
    ['/settings', undefined],
  ] as const) {
    await page.goto(path);
    await expect(
      heading
        ? page.getByRole('heading', { name: heading }).first()
        : page.getByRole('heading', { level: 1 }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});

test('create a deck from the empty dashboard', async ({ page }) => {
  await signUp(page, uniqueEmail('deck'));
  await page.getByRole('button', { name: 'Create Your First Deck' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Deck' });
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Deck Name').fill('  Spanish verbs  ');
  await dialog.getByLabel('Description').fill('Irregular ones');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/deck\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Spanish verbs', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Spanish verbs' })).toBeVisible();
  await expect(page.getByText('No decks yet')).toHaveCount(0);
});

test('a deck that does not exist shows Deck not found', async ({ page }) => {
  await signUp(page, uniqueEmail('nodeck'));
  await page.goto('/deck/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { name: 'Deck not found' })).toBeVisible();
  await expect(
    page.getByText("The deck you're looking for doesn't exist or you don't have access to it."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
});
