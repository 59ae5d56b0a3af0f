import { expect, test } from '@playwright/test';
import { latestMail, signOut, signUp, uniqueEmail } from './support/helpers';

/** Sign in with a six-digit code sent by e-mail (the verify_otp view). */
test('signs in with an e-mailed code after a wrong one', async ({ page }) => {
  const email = uniqueEmail('email-code');
  await signUp(page, email);
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();
  // The spec's empty-address message.
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();

  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  const mail = await latestMail(email, 'sign-in code');
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Code from the e-mail').fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByText('That code is not right. Check the e-mail and try again.'),
  ).toBeVisible();

  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
});
