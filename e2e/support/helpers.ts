import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'correct-horse-battery';
const OUTBOX_DIR = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/outbox`);

/** A fresh address per test, so tests never share an account. */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  // A sign-up never signs in (issue 21: the answer must not tell a registered address from a
  // new one); the new account signs in with its password, its address not yet confirmed.
  await expect(
    page.getByText(`Check your email: we've sent a confirmation link to ${email}.`),
  ).toBeVisible();
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your Knowledge Hub' })).toBeVisible();
}

/** Fills the sign-in form of the current /login page and submits it with Enter. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** The newest e-mail the server wrote to the outbox for an address (waits for it to arrive). */
export async function latestMail(to: string, subjectIncludes: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(OUTBOX_DIR).catch(() => [] as string[]);
        const mails: OutboxMail[] = [];
        for (const file of files.filter((name) => name.endsWith('.json'))) {
          try {
            mails.push(JSON.parse(await fs.readFile(path.join(OUTBOX_DIR, file), 'utf8')));
          } catch {
            // Being written right now: the next poll reads it.
          }
        }
        found = mails
          .filter((mail) => mail.to === to && mail.subject.includes(subjectIncludes))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        return Boolean(found);
      },
      { message: `an e-mail "${subjectIncludes}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page) {
  // axe judges the settled page: a toast still fading in or out has blended colours. Finite
  // animations only (a spinner never ends), and never longer than two seconds.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => null)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const axePath = path.resolve('node_modules/axe-core/axe.min.js');
  await page.addScriptTag({ content: await fs.readFile(axePath, 'utf8') });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } })
      .axe;
    return axe.run(document);
  });
  expect(results.passes.length, 'axe ran its checks').toBeGreaterThan(0);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

interface AxeResults {
  passes: unknown[];
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: string[] }>;
  }>;
}

/**
 * Every toast's text from now on, kept as it appears: a toast that the next one replaces at once
 * (toasts show one at a time) is still seen, however short its time on screen.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const text = toast.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}
