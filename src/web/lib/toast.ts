import { type ExternalToast, toast as sonner } from 'sonner';

/**
 * Sonner's `toast`, one at a time (SPEC §2: toasts show one at a time, 5 seconds each): a new
 * toast dismisses the ones before it, so two 'Card Created!' never stack and an older toast
 * does not come back when the newer one closes. Import `toast` from here, never from 'sonner'
 * (ESLint refuses it).
 */
type Show = (message: Parameters<typeof sonner>[0], options?: ExternalToast) => string | number;

function alone(show: Show): Show {
  return (message, options) => {
    sonner.dismiss();
    return show(message, options);
  };
}

export const toast = Object.assign(alone(sonner), {
  success: alone(sonner.success),
  error: alone(sonner.error),
  warning: alone(sonner.warning),
  info: alone(sonner.info),
  dismiss: sonner.dismiss,
});
