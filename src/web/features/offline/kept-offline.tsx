import { CloudOff } from 'lucide-react';
import { storedText, updatedText } from './offline-toggle';
import { useKeptDeck } from './use-kept-deck';

/** A dashboard deck card's 'Available offline: updated 14:05 · 12 cards, 40 KB' when the deck is kept on this device. */
export function KeptOffline({ deckId }: { deckId: string }) {
  const kept = useKeptDeck(deckId);
  if (!kept) return null;
  return (
    <div className="flex items-center gap-1.5">
      <dt className="flex items-center gap-1.5">
        <CloudOff aria-hidden="true" className="size-3.5" />
        <span>Available offline</span>
      </dt>
      <dd>
        {updatedText(kept.copy.updated_at)} · {storedText(kept)}
      </dd>
    </div>
  );
}
