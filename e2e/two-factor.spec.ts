import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import {
  latestMail,
  PASSWORD,
  signOut,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './support/helpers';

/** The code of the next 30-second period: the server accepts ±1 period and refuses reuse. */
function nextCode(totp: OTPAuth.TOTP): string {
  return totp.generate({ timestamp: Date.now() + totp.period * 1000 });
}

test('enrol TOTP on /settings; password and magic-link sign-in then ask for a code', async ({
  page,
}) => {
  const email = uniqueEmail('totp');
  await signUp(page, email);
  // Confirm the e-mail first: a magic link on an unconfirmed account would drop its password.
  const confirmation = await latestMail(email, 'Confirm your e-mail');
  await page.goto(confirmation.links.find((href) => href.includes('/verify-email')) as string);
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Account' }).getByText('Verified')).toBeVisible();
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Disabled')).toBeVisible();
  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await section.getByLabel('Password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Continue' }).click();

  const qr = section.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  const uri = await qr.getAttribute('data-totp-uri');
  const secret = await section.getByTestId('totp-secret').getAttribute('data-secret');
  expect(uri).toContain('otpauth://totp/');
  const totp = OTPAuth.URI.parse(uri as string) as OTPAuth.TOTP;
  expect(totp.secret.base32).toBe(secret);
  const backupCodes = await section
    .getByRole('list', { name: 'Backup codes' })
    .locator('li')
    .allTextContents();
  expect(backupCodes.length).toBeGreaterThan(0);

  await section.getByLabel('Verification code').fill(totp.generate());
  await section.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(section.getByText('Enabled', { exact: true })).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await submitSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Authentication code').fill(nextCode(totp));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('No decks yet')).toBeVisible();

  // Magic link: the server puts the same challenge in front; a backup code answers it.
  await signOut(page);
  await page.goto('/login?returnTo=%2Fsettings');
  await page.getByRole('button', { name: 'Sign in with a magic link' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Check your email for the magic link')).toBeVisible();
  const mail = await latestMail(email, 'sign-in link');
  await page.goto(mail.links.find((href) => href.includes('/magic-link/verify')) as string);
  await expect(page).toHaveURL('/login?view=verify_otp&returnTo=%2Fsettings');
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/settings');

  // Turning it off again needs the password.
  await expect(section.getByText('Enabled', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Disable two-factor' }).click();
  await section.getByLabel('Password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Disable two-factor' }).click();
  await expect(section.getByText('Disabled', { exact: true })).toBeVisible();
});

test('/login?view=verify_otp opens the code screen (magic link and OAuth with 2FA)', async ({
  page,
}) => {
  await page.goto('/login?view=verify_otp&returnTo=%2Fsettings');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a backup code instead' })).toBeVisible();
});
