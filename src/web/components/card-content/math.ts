import { useSyncExternalStore } from 'react';
import type { MathEngine } from '../../../core/card-content/render-markdown';

/**
 * KaTeX (and its style sheet and fonts) load on demand, the first time a card holds maths:
 * decks without maths never fetch it (issue 19: it was most of the card renderer's 371 KB).
 */
let engine: MathEngine | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadMath(): Promise<void> {
  loading ??= import('./katex').then(
    (module) => {
      engine = module.katex;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // A failed download (offline) leaves the TeX source shown; a later card tries again.
      loading = null;
      console.error('Loading KaTeX failed', error);
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** KaTeX once loaded, else null (the component re-renders when it arrives). */
export function useMathEngine(): MathEngine | null {
  return useSyncExternalStore(subscribe, () => engine);
}
