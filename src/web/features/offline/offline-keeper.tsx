import { useEffect } from 'react';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { flushReviews, onSyncMerged, type SyncTally } from '../study/review-queue';
import { takeNotices } from '../study/sync-notices';
import { syncKeptDecks } from './keep-decks';
import { onKeepSettingsChange, onStudiedOnline } from './keep-settings';
import { syncSummary } from './sync-summary';

/**
 * Keeps the decks kept for offline up to date (issue 24): when the app opens online and when
 * the connection returns, the answers waiting are sent first, then every kept copy is fetched
 * again (so it holds the server's state after them), with the decks studied in the last days
 * (keep-decks.ts). Says what a sync of answers given offline
 * merged: this page's, or the service worker's with the app closed (said once, when the app
 * next opens signed in: sync-notices.ts).
 */
const sayMerged = (tally: SyncTally) =>
  toast.success('Offline answers synced', { description: syncSummary(tally) });

export function OfflineKeeper() {
  const { user } = useAuth();
  useEffect(() => onSyncMerged(sayMerged), []);
  useEffect(() => {
    if (!user) return;
    let live = true;
    void takeNotices()
      .then((tally) => {
        if (tally) sayMerged(tally);
      })
      .catch(() => undefined);
    const refresh = () => {
      if (!navigator.onLine) return;
      void flushReviews()
        .then(() => (live ? syncKeptDecks(user.id) : undefined))
        .catch(() => undefined);
    };
    refresh();
    window.addEventListener('online', refresh);
    // Settings → Offline changed, or a deck was just studied: keep or forget at once (after
    // the answers waiting, as always: a copy never misses an answer given on the device).
    const offSettings = onKeepSettingsChange(refresh);
    const offStudied = onStudiedOnline(refresh);
    return () => {
      live = false;
      offSettings();
      offStudied();
      window.removeEventListener('online', refresh);
    };
  }, [user]);
  return null;
}
