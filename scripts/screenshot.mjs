// Takes a screenshot of a running Mnemo with Debian's Chromium, for the README and for looking
// at screens while building them: node scripts/screenshot.mjs <url> <out.png> [width] [height]
// Optional: SCREENSHOT_EMAIL and SCREENSHOT_PASSWORD sign in first (through the API).
import { chromium } from '@playwright/test';

const [
  url = 'http://localhost:3000/',
  out = 'docs/screenshot.png',
  width = '1280',
  height = '800',
] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
try {
  const context = await browser.newContext({
    viewport: { width: Number(width), height: Number(height) },
    deviceScaleFactor: 1,
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  if (process.env.SCREENSHOT_EMAIL) {
    const origin = new URL(url).origin;
    const response = await page.request.post(`${origin}/api/auth/sign-in/email`, {
      data: { email: process.env.SCREENSHOT_EMAIL, password: process.env.SCREENSHOT_PASSWORD },
      headers: { origin },
    });
    if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
  }
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out, fullPage: process.env.FULL_PAGE === '1' });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
