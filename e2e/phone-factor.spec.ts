import { expect, test } from '@playwright/test';
import { latestMail, signOut, signUp, submitSignIn, uniqueEmail } from './support/helpers';

/** The newest six-digit code texted to a number (no SMS provider in e2e: the outbox). */
async function textedCode(phone: string, previous?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mail = await latestMail(phone, 'SMS');
      code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
      return code !== '' && code !== previous;
    })
    .toBe(true);
  return code;
}

test('enrols a phone in Settings and signs in with a code by SMS', async ({ page }) => {
  const email = uniqueEmail('phone');
  const phone = `+1555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await signUp(page, email);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Phone' });

  await section.getByLabel('Phone number').fill('555 1234');
  await section.getByRole('button', { name: 'Send confirmation code' }).click();
  await expect(section.getByText(/international form/)).toBeVisible();

  await section.getByLabel('Phone number').fill(phone);
  await section.getByRole('button', { name: 'Send confirmation code' }).click();
  const confirmation = await textedCode(phone);
  await section.getByLabel('Code from the SMS').fill(confirmation);
  await section.getByRole('button', { name: 'Confirm number' }).click();
  await expect(section.getByText(`Number ${phone}`)).toBeVisible();

  await section.getByRole('button', { name: 'Use this phone to sign in' }).click();
  const enrolment = await textedCode(phone, confirmation);
  await section.getByLabel('Code from the SMS').fill(enrolment);
  await section.getByRole('button', { name: 'Turn on codes by SMS' }).click();
  await expect(section.getByText(`Sign-in can ask for a code sent to ${phone}.`)).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await submitSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Text me a code instead' }).click();
  await expect(page.getByLabel('Code from the SMS')).toBeVisible();
  const signInCode = await textedCode(phone, enrolment);
  await page.getByLabel('Code from the SMS').fill(signInCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
