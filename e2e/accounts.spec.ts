import { expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import {
  latestMail,
  PASSWORD,
  signOut,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './support/helpers';

/** returnTo values that turn into another origin once normalised; each must land on /dashboard. */
const HOSTILE_RETURN_TOS = [
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/./\\evil.example',
  '//evil.example',
  '/\\evil.example',
  '/%2e//evil.example',
  '/\t/evil.example',
  'https://evil.example',
  'javascript:alert(1)',
];

test('the sign-in callback sends a hostile returnTo to /dashboard, never away or stuck', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('callback'));
  for (const value of HOSTILE_RETURN_TOS) {
    await page.goto(`/auth/callback?returnTo=${encodeURIComponent(value)}`);
    await expect(page, `returnTo ${JSON.stringify(value)}`).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
  }
  // A normal destination still works, normalised.
  await page.goto(`/auth/callback?returnTo=${encodeURIComponent('/a/../settings')}`);
  await expect(page).toHaveURL(/\/settings$/);
});

test('the login page sends a hostile returnTo to /dashboard after sign-in', async ({ page }) => {
  const email = uniqueEmail('login-return');
  await signUp(page, email);
  await signOut(page);
  await page.goto(`/login?returnTo=${encodeURIComponent('/a/..//evil.example')}`);
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a returnTo kept by an abandoned sign-in expires with its flow', async ({ page }) => {
  await page.clock.install();
  const email = uniqueEmail('stale-return');
  await signUp(page, email);
  await signOut(page);

  // A sign-in started for /settings, then abandoned.
  await page.goto('/login?returnTo=%2Fsettings');
  await expect(page.getByRole('heading', { name: 'Welcome to Mnemo' })).toBeVisible();
  await page.goto('/');

  // A much later sign-in in the same tab is not steered by it.
  await page.clock.fastForward('11:00');
  await page.goto('/login');
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => window.sessionStorage.getItem('mnemo-return-to'))).toBeNull();
});

async function expectThisDeviceBadge(page: Page) {
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByText('This device')).toBeVisible();
}

test("Settings → Active sessions keeps 'This device' when two-factor is turned on and off", async ({
  page,
}) => {
  await signUp(page, uniqueEmail('sessions-2fa'));
  await page.goto('/settings');
  await expectThisDeviceBadge(page);

  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await section.getByLabel('Password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Continue' }).click();
  const qr = section.getByRole('img', { name: /QR code/ });
  const totp = OTPAuth.URI.parse(
    (await qr.getAttribute('data-totp-uri')) as string,
  ) as OTPAuth.TOTP;
  await section.getByLabel('Verification code').fill(totp.generate());
  await section.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(section.getByText('Enabled', { exact: true })).toBeVisible();
  // better-auth replaced the session: the list and the badge follow the new one.
  await expectThisDeviceBadge(page);

  await section.getByRole('button', { name: 'Disable two-factor' }).click();
  await section.getByLabel('Password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Disable two-factor' }).click();
  await expect(section.getByText('Disabled', { exact: true })).toBeVisible();
  await expectThisDeviceBadge(page);

  await page.reload();
  await expectThisDeviceBadge(page);
});

test("a new account sees 'Confirm your e-mail' until the link is used; resend and dismiss work", async ({
  page,
}) => {
  const email = uniqueEmail('confirm');
  await signUp(page, email);
  const notice = page.getByRole('region', { name: 'Confirm your e-mail' });
  await expect(notice).toContainText(`We sent a confirmation link to ${email}`);
  const first = await latestMail(email, 'Confirm your e-mail');

  await notice.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect
    .poll(async () => (await latestMail(email, 'Confirm your e-mail')).createdAt)
    .not.toBe(first.createdAt);

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  const mail = await latestMail(email, 'Confirm your e-mail');
  await page.goto(mail.links.find((href) => href.includes('/verify-email')) as string);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('E-mail confirmed')).toBeVisible();
  await page.evaluate(() => window.sessionStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a password removed by a magic-link sign-in is told on the next screen and set again in Settings', async ({
  page,
}) => {
  const email = uniqueEmail('removed');
  await signUp(page, email);
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a magic link' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Check your email for the magic link')).toBeVisible();
  const link = await latestMail(email, 'sign-in link');
  await page.goto(link.links.find((href) => href.includes('/magic-link/verify')) as string);
  await expect(page).toHaveURL(/\/dashboard$/);

  const notice = page.getByRole('region', { name: 'Password removed' });
  await expect(notice).toContainText('Your password was removed.');
  await expect(page.getByRole('region', { name: 'Confirm your e-mail' })).toHaveCount(0);
  const mail = await latestMail(email, 'Your Mnemo password was removed');
  expect(mail.links.some((href) => href.endsWith('/settings#password'))).toBe(true);

  await notice.getByRole('link', { name: 'Set a password in Settings' }).click();
  await expect(page).toHaveURL(/\/settings#password$/);
  const section = page.getByRole('region', { name: 'Change password' });
  // The change form is hidden once the account is known to have no password; the visible
  // fields set one.
  await expect(section.getByRole('button', { name: 'Set password' })).toBeVisible();
  await section
    .getByLabel('New password', { exact: true })
    .filter({ visible: true })
    .fill('a new password here');
  await section
    .getByLabel('Confirm new password')
    .filter({ visible: true })
    .fill('a new password here');
  await section.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password set', { exact: true })).toBeVisible();
  await expect(section.getByLabel('Current password')).toBeVisible();
  await expect(notice).toHaveCount(0);

  await signOut(page);
  await page.goto('/login');
  await submitSignIn(page, email, 'a new password here');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(notice).toHaveCount(0);
});
