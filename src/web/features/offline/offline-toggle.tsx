import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { forgetDeck, keepDeck } from './offline-store';
import { useKeptDeck } from './use-kept-deck';

/** 'updated 14:05' today, else 'updated 3 Mar, 14:05'. */
export function updatedText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (sameDay) return `updated ${time}`;
  return `updated ${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/**
 * The deck page's 'Available offline' switch (issue 24): keeps the deck's offline copy and its
 * media on this device, or forgets them; says when the copy was last brought up to date.
 */
export function OfflineToggle({ deckId }: { deckId: string }) {
  const { user } = useAuth();
  const kept = useKeptDeck(deckId);
  const [busy, setBusy] = useState(false);
  if (!user || kept === undefined) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      if (kept) await forgetDeck(user.id, deckId);
      else await keepDeck(user.id, deckId);
    } catch (error) {
      toast.error('Could not keep this deck offline', {
        description: errorMessage(error, 'Please try again when you are online.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <label className="inline-flex cursor-pointer items-center gap-2 font-medium">
        <input
          type="checkbox"
          role="switch"
          className="size-4 accent-primary"
          checked={Boolean(kept)}
          disabled={busy}
          onChange={() => void toggle()}
        />
        Available offline
      </label>
      {kept ? (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <CloudOff aria-hidden="true" className="size-4" />
          Available offline · {updatedText(kept.copy.updated_at)}
        </span>
      ) : busy ? (
        <span className="text-muted-foreground">Saving for offline...</span>
      ) : null}
    </div>
  );
}
