import { useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth';
import type { KeptDeck } from './offline-deck';
import { keptDeck, onKeptChange } from './offline-store';

/** The deck's offline copy on this device: undefined while read, null when not kept. */
export function useKeptDeck(deckId: string): KeptDeck | null | undefined {
  const { user } = useAuth();
  const [kept, setKept] = useState<KeptDeck | null | undefined>(undefined);
  useEffect(() => {
    if (!user) return;
    let live = true;
    const load = () =>
      keptDeck(user.id, deckId)
        .then((found) => live && setKept(found ?? null))
        .catch(() => live && setKept(null));
    void load();
    const off = onKeptChange(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [user, deckId]);
  return kept;
}
