import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded and the main thread is next idle: work no first screen
 * needs (the toaster, the service worker, the offline keeper, account notices) waits until the
 * page's own script has run and painted, instead of competing with it on a slow phone (issue 19).
 * Returns a function that cancels it.
 */
export function afterFirstPaint(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

/** False until the page has loaded and painted (afterFirstPaint), then true. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true)), []);
  return ready;
}
