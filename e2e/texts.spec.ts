import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

// The texts users see (SPEC §2, §5, §8): one toast at a time, the spec's fallbacks, content
// warnings kept with their job, and field errors only once the user typed or submitted.

async function createDeck(page: Page, name: string) {
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /Create Your First Deck|New Deck/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create New Deck' });
  await dialog.getByLabel('Deck Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

async function submitCard(page: Page, front: string, back: string) {
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Card' });
  await dialog.getByLabel('Front').fill(front);
  await dialog.getByLabel('Back').fill(back);
  await dialog.getByRole('button', { name: 'Create' }).click();
  return dialog;
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
/** Toasts on screen or waiting behind the front one (not those leaving). */
const shownToasts = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])');
const toastWith = (page: Page, text: string | RegExp) =>
  shownToasts(page).filter({ hasText: text });

test('toasts show one at a time: two cards made quickly leave one toast', async ({ page }) => {
  await page.clock.install();
  await signUp(page, uniqueEmail('toasts'));
  await createDeck(page, 'Toasts');
  await expect(page.getByText('Deck created successfully.')).toBeVisible();
  // Time stands still from here, but for the short steps below: no toast runs out (5 s), so
  // only the app can take one away.
  await page.clock.pauseAt(Date.now() + 60_000);
  const shownAfterAMoment = async () => {
    await page.clock.runFor(50);
    return shownToasts(page).allTextContents();
  };
  await expect(await submitCard(page, 'First question?', 'First answer')).toBeHidden();
  await expect.poll(shownAfterAMoment).toEqual([expect.stringContaining('Card Created!')]);
  await expect(await submitCard(page, 'Second question?', 'Second answer')).toBeHidden();
  await expect.poll(shownAfterAMoment).toEqual([expect.stringContaining('Card Created!')]);
  await page.clock.resume();
  await expect(toasts(page)).toHaveCount(1);
});

test("an empty 500 shows the spec's fallback, not the status text", async ({ page }) => {
  await signUp(page, uniqueEmail('fallback'));
  await createDeck(page, 'Fallbacks');
  await page.route('**/api/flashcards', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '' })
      : route.continue(),
  );
  await submitCard(page, 'A question?', 'An answer');
  await expect(toastWith(page, 'Creation Failed')).toContainText('Failed to create card.');
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);

  // A proxy's HTML page on another operation: its fallback too.
  await page.route('**/api/decks', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
        })
      : route.continue(),
  );
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New Deck' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Deck' });
  await dialog.getByLabel('Deck Name').fill('Never made');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toastWith(page, 'Error')).toContainText('Failed to create deck.');
  await expect(page.getByText(/Bad Gateway/)).toHaveCount(0);
});

test('content warnings stay with their job until dismissed', async ({ page }) => {
  await signUp(page, uniqueEmail('warnings'));
  await createDeck(page, 'Warnings');
  const panel = page.getByRole('region', { name: 'Add Content' });
  await panel.getByLabel('Text to learn from').fill('Error 404: Page Not Found');
  await panel.getByRole('button', { name: 'Generate Cards' }).click();
  // The job ends (made cards or failed); its toast replaces 'Generation Started!'.
  await expect(toastWith(page, /Cards Generated!|Generation Failed/)).toBeVisible({
    timeout: 30_000,
  });
  const row = panel.getByRole('list', { name: 'Recent generations' }).locator(':scope > li');
  await expect(row).toHaveCount(1);
  const rowWarnings = row.getByRole('note', { name: 'Content warnings' });
  await expect(rowWarnings).toContainText('Content may contain error messages');
  await expect(rowWarnings).toContainText(
    'Content is very short - may not generate meaningful flashcards',
  );
  // Shown once: with the job in the list, not again under the button.
  const panelWarnings = panel.locator('form').getByRole('note', { name: 'Content warnings' });
  await expect(panelWarnings).toHaveCount(0);
  await expect(panel.getByText('Content may contain error messages')).toHaveCount(1);

  // Still there after another toast and a reload; dismissed for good.
  await page.reload();
  await expect(rowWarnings).toContainText('Content may contain error messages');
  await rowWarnings.getByRole('button', { name: 'Dismiss warnings' }).click();
  await expect(rowWarnings).toHaveCount(0);
  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Content may contain error messages')).toHaveCount(0);
});

test('a field shows its error after typing or submitting, not on first focus', async ({ page }) => {
  await page.goto('/signup');
  const email = page.getByLabel('Email address');
  const password = page.getByLabel('Password');
  await email.focus();
  await password.focus();
  await page.getByRole('heading', { name: /Welcome/ }).click();
  await expect(page.getByText('Please enter your email address')).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  // Typed and left: the field's own error, the other field still quiet.
  await email.fill('not-an-address');
  await password.focus();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Password must be at least 8 characters')).toHaveCount(0);

  // Submitted: every field's error.
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);

  // The card editor follows the same rule: leaving the empty Front says nothing.
  await signUp(page, uniqueEmail('fields'));
  await createDeck(page, 'Fields');
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Card' });
  await dialog.getByLabel('Front').focus();
  await dialog.getByLabel('Back').focus();
  await expect(dialog.getByText('Front content is required')).toHaveCount(0);
});

test("no header 'Sign In' on the sign-in page itself; elsewhere it is there", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await page.goto('/signup');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});
