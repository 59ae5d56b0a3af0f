import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { afterFirstPaint } from './lib/after-paint';
import { startServiceWorker } from './lib/pwa';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (and workbox-window) once the first screen is up.
afterFirstPaint(startServiceWorker);
