import type { ExternalToast } from 'sonner';

/**
 * Sonner's `toast`, one at a time (SPEC §2: toasts show one at a time, 5 seconds each): a new
 * toast dismisses the ones before it, so two 'Card Created!' never stack and an older toast
 * does not come back when the newer one closes. Import `toast` from here, never from 'sonner'
 * (ESLint refuses it).
 *
 * Sonner is not in the first bundle (issue 19: a page's first paint on a slow phone waits for
 * every byte of it): it loads after the first paint, with the toaster (app/toaster.tsx), or at
 * once when a toast is asked for before then; such a toast is shown as soon as the toaster is on
 * the page, in the order asked.
 */
type Sonner = typeof import('sonner').toast;
type Message = Parameters<Sonner>[0];
type Kind = 'success' | 'error' | 'warning' | 'info';

let markReady: (toast: Sonner) => void = () => {};
const ready = new Promise<Sonner>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once it is mounted, with sonner's `toast`. */
export function toasterMounted(toast: Sonner): void {
  mounted = true;
  markReady(toast);
}

let mounted = false;
let wanted = false;
let onWanted: () => void = () => {};

/**
 * The app's toaster mount (app/provider.tsx) listens here: a toast asked for before the page
 * has painted and gone idle brings the toaster at once instead of waiting for it.
 */
export function whenToastWanted(listener: () => void): () => void {
  onWanted = listener;
  if (wanted) listener();
  return () => {
    onWanted = () => {};
  };
}

let lastId = 0;

function alone(kind?: Kind) {
  return (message: Message, options?: ExternalToast): string | number => {
    const id = options?.id ?? `toast-${++lastId}`;
    if (!mounted) {
      wanted = true;
      onWanted();
    }
    void ready.then((toast) => {
      toast.dismiss();
      (kind ? toast[kind] : toast)(message, { ...options, id });
    });
    return id;
  };
}

export const toast = Object.assign(alone(), {
  success: alone('success'),
  error: alone('error'),
  warning: alone('warning'),
  info: alone('info'),
  dismiss: (id?: string | number) => {
    void ready.then((toast) => toast.dismiss(id));
  },
});
