import { useEffect, useSyncExternalStore } from 'react';
import { matchPath, useLocation } from 'react-router';
import { newVersion } from '../../lib/pwa';
import { toast } from '../../lib/toast';

export const NEW_VERSION_MESSAGE = 'A new version is ready';

/**
 * Offers a waiting new version ('A new version is ready — Reload'), never on the learn page: a
 * session is not cut short by a reload; the offer comes once the learner leaves it, and the new
 * version starts by itself at the next start anyway.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(newVersion.subscribe, newVersion.isWaiting);
  const { pathname } = useLocation();
  const studying = matchPath('/deck/:deckId/learn', pathname) !== null;
  useEffect(() => {
    if (!waiting || studying) return;
    const id = toast(NEW_VERSION_MESSAGE, {
      duration: Infinity,
      action: { label: 'Reload', onClick: () => void newVersion.apply() },
    });
    return () => {
      toast.dismiss(id);
    };
  }, [waiting, studying]);
  return null;
}
