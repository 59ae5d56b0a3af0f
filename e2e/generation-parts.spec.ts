import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/helpers';

// Issue 22 §2: a long text goes to the model in parts; the job list says which part is being
// worked on ('Part 2 of 3'), and a part that failed is asked again alone by its Retry.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const MODEL = `http://127.0.0.1:${PORT + 2}/v1/chat/completions`;

/** A section too long to share a part with another: its facts, then filler. */
function section(heading: string, facts: string[], at: number) {
  const filler = Array.from(
    { length: 115 },
    (_, k) => `The survey marker ${at}-${k} stands ${k + 3} metres above the valley floor.`,
  ).join(' ');
  return `${heading}\n\n${facts.join(' ')}\n\n${filler}`;
}

test.use({ baseURL: `http://localhost:${PORT + 1}` });

test('a long text shows its part while it runs; Retry asks the failed part again', async ({
  page,
  request,
}) => {
  const marker = `parts-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await signUp(page, uniqueEmail('parts'));
  await page.getByRole('button', { name: 'Create Your First Deck' }).click();
  await page.getByLabel('Deck Name').fill('Planets');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Add Content' })).toBeVisible();

  const text = [
    section(
      'Saturn',
      [
        'Saturn is the sixth planet from the Sun and the second largest in the Solar System.',
        'Titan is the largest moon of Saturn and has a thick atmosphere of nitrogen.',
      ],
      0,
    ),
    section(
      'Jupiter',
      [
        'Jupiter is the fifth planet from the Sun and the largest in the Solar System.',
        'The Great Red Spot is a storm on Jupiter that has lasted for hundreds of years.',
        // Part 2 waits for the journey, then the model fails on it once.
        `[hold once: ${marker}] [fail once: ${marker}]`,
      ],
      1,
    ),
    section(
      'Neptune',
      [
        'Neptune is the eighth planet from the Sun and the farthest known in the Solar System.',
        'Triton is the largest moon of Neptune and orbits the planet in the opposite direction.',
      ],
      2,
    ),
  ].join('\n\n');
  await page.getByLabel('Text to learn from').fill(text);
  await page.getByRole('button', { name: 'Generate Cards' }).click();
  await expect(page.getByText('Generation Started!')).toBeVisible();

  const jobs = page.getByRole('list', { name: 'Recent generations' });
  await expect(jobs.getByTestId('job-part')).toHaveText('Part 2 of 3', { timeout: 30_000 });
  // The panel's 'Generating…' line names the part too.
  await expect(page.getByRole('status').filter({ hasText: 'Generating…' })).toContainText(
    'Generating… Part 2 of 3 · usually about',
  );
  await expect(jobs.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute(
    'aria-valuetext',
    'Part 2 of 3',
  );

  // Part 2 goes on (and the service fails it: a 500): the job completes with the other parts'
  // cards, and says why part 2 is missing in the service's own plain words.
  const released = await request.post(MODEL, {
    data: { model: 'fake-model', messages: [{ role: 'user', content: `[release: ${marker}]` }] },
  });
  expect(released.ok()).toBe(true);
  await expect(jobs.getByText('completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(jobs.getByTestId('job-part')).toHaveCount(0);
  await expect(jobs).toContainText(
    'Part 2 of 3 was left out: The AI service is busy; try again in a minute',
  );
  const cards = page.getByTestId('card-list');
  await expect(cards).toContainText('Titan');
  await expect(cards).toContainText('Triton');
  await expect(cards).not.toContainText('fifth planet');

  await jobs.getByRole('button', { name: 'Retry part 2' }).click();
  await expect(page.getByText('Cards Generated!')).toBeVisible({ timeout: 30_000 });
  await expect(cards).toContainText('fifth planet');
  await expect(jobs.getByRole('button', { name: 'Retry part 2' })).toHaveCount(0);
  await expect(jobs).not.toContainText(
    'Part 2 of 3 was left out: The AI service is busy; try again in a minute',
  );
  // Each of the other parts' cards is there once.
  await expect(cards.getByText(/largest moon of Saturn/)).toHaveCount(1);
});
