import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The dark theme's background, the default theme (THEME_COLORS of src/core/app-theme.ts). */
const DARK_BACKGROUND = '#0b0c16';

/**
 * The SPA lives in src/web and is built into dist/web, which the server serves. The build also
 * writes the web app manifest and builds the service worker (src/web/sw.ts, Workbox, through
 * vite-plugin-pwa): it precaches the app shell and its assets, so every page opens offline
 * after one visit; API answers are never cached by it, except the media of decks kept for
 * offline; it sends waiting answers on a background sync. A new worker waits until the user
 * accepts it (src/web/lib/pwa.ts).
 */
export default defineConfig({
  root: path.join(here, 'src/web'),
  publicDir: path.join(here, 'src/web/public'),
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'boot.js', 'robots.txt', 'icons/*.png'],
      manifest: {
        id: '/',
        name: 'Mnemo',
        short_name: 'Mnemo',
        description: 'AI flashcards and spaced repetition',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: DARK_BACKGROUND,
        theme_color: DARK_BACKGROUND,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // Our own worker (src/web/sw.ts: Workbox's precaching and routes, and the background
      // sync of waiting answers); the plugin builds it and injects the precache list.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,txt,wasm}'],
        // pdf.js's worker is the largest asset, and the import pages need it offline too.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: path.join(here, 'dist/web'),
    emptyOutDir: true,
    // .vite/manifest.json: the server lists each page's chunks in its HTML (page-preloads.ts).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
