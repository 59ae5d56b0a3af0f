import { registerSW } from 'virtual:pwa-register';

/**
 * The service worker (built by vite-plugin-pwa, see vite.config.ts): registered at start. A new
 * version waits; `needsReload` tells the app, which offers 'A new version is ready — Reload'
 * when no study session is open (update-prompt.tsx). Otherwise the waiting version takes over
 * at the next start.
 */
type Listener = () => void;

let waiting = false;
let update: ((reload?: boolean) => Promise<void>) | undefined;
const listeners = new Set<Listener>();

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  update = registerSW({
    immediate: true,
    onNeedRefresh() {
      waiting = true;
      for (const listener of listeners) listener();
    },
  });
}

export const newVersion = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWaiting: () => waiting,
  /** Activates the waiting version and reloads the page. */
  apply: () => update?.(true),
};
