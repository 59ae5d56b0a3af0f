import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The SPA lives in src/web and is built into dist/web, which the server serves. */
export default defineConfig({
  root: path.join(here, 'src/web'),
  publicDir: path.join(here, 'src/web/public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.join(here, 'dist/web'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
