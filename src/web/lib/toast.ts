import type { ExternalToast } from 'sonner';

/**
 * Sonner's `toast`, one at a time (SPEC §2: toasts show one at a time, 5 seconds each): a new
 * toast dismisses the ones before it, so two 'Card Created!' never stack and an older toast
 * does not come back when the newer one closes. Import `toast` from here, never from 'sonner'
 * (ESLint refuses it).
 *
 * Sonner is not in the first bundle (issue 19: a page's first paint on a slow phone waits for
 * every byte of it): it loads after the first paint, with the toaster (app/toaster.tsx). A toast
 * asked for before then is shown as soon as the toaster is on the page, in the order asked.
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
  markReady(toast);
}

let lastId = 0;

function alone(kind?: Kind) {
  return (message: Message, options?: ExternalToast): string | number => {
    const id = options?.id ?? `toast-${++lastId}`;
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
