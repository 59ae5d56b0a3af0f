import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_LIMIT } from '../../core/constants';
import { toasterMounted } from '../lib/toast';
import { useTheme } from '../lib/theme';

/** Sonner's toaster in the app's theme; its chunk loads after the first paint (lib/toast.ts). */
export default function ThemedToaster() {
  const { theme } = useTheme();
  useEffect(() => toasterMounted(toast), []);
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      visibleToasts={TOAST_VISIBLE_LIMIT}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
    />
  );
}
