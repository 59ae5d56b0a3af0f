import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, signUp, uniqueEmail } from './support/helpers';

// axe is injected as a script tag; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

async function setTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate((value) => localStorage.setItem('mnemo-theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violations (${theme})`, async ({ page }) => {
    await page.goto('/');
    await setTheme(page, theme);
    await expect(page.getByRole('link', { name: 'Create account' }).first()).toBeVisible();
    expect(await seriousViolations(page), 'landing').toEqual([]);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome to Mnemo' })).toBeVisible();
    expect(await seriousViolations(page), 'login').toEqual([]);

    await signUp(page, uniqueEmail(`axe-${theme}`));
    await expect(page.getByText('No decks yet')).toBeVisible();
    expect(await seriousViolations(page), 'dashboard').toEqual([]);
  });
}
