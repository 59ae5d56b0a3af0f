// Makes the app's PNG icons (web app manifest, home screens) from the same drawing as
// src/web/public/favicon.svg, with Debian's Chromium through Playwright. Run it again when the
// logo changes and commit the PNGs: the build only copies them.
//   node scripts/make-icons.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/web/public/icons');
const MARK =
  '<path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>';

/** `any`: the rounded square of the favicon. `maskable`: full bleed, the mark in the safe zone. */
const svg = (maskable) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#7c3aed"/><g transform="translate(6.4 6.4) scale(0.6)">${MARK}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/>${MARK}</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const image = svg(icon.maskable).replace(
      '<svg ',
      `<svg width="${icon.size}" height="${icon.size}" `,
    );
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${image}</body></html>`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
