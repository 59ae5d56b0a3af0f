import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { formatBytes } from '../../lib/utils';
import { pluralise } from '../../../core/text';
import type { KeptDeck } from './offline-deck';
import { setExcluded } from './keep-settings';
import { forgetDeck, keepDeck, pruneMedia } from './offline-store';
import { useKeptDeck } from './use-kept-deck';

/** '14:05' today, else '3 Mar, 14:05'. */
export function whenText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** 'updated 14:05' today, else 'updated 3 Mar, 14:05'. */
export const updatedText = (iso: string, now = new Date()) => `updated ${whenText(iso, now)}`;

/** What the device holds: '12 cards, 40 KB' (the cards of the next days, with their media). */
export function storedText(kept: KeptDeck): string {
  const size = kept.bytes === undefined ? '' : `, ${formatBytes(kept.bytes)}`;
  return `${pluralise(kept.copy.cards.length, 'card')}${size}`;
}

/**
 * The deck page's 'Available offline' switch (issue 24): keeps the deck's offline copy and its
 * media on this device, or forgets them; says what is stored and when the copy was last brought
 * up to date. A deck kept because it was studied recently shows it; switched off, it is not
 * kept again until switched on.
 */
export function OfflineToggle({ deckId }: { deckId: string }) {
  const { user } = useAuth();
  const kept = useKeptDeck(deckId);
  const [busy, setBusy] = useState(false);
  if (!user || kept === undefined) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      if (kept) {
        if (kept.reason === 'recent') setExcluded(user.id, deckId, true);
        await forgetDeck(user.id, deckId);
        await pruneMedia();
      } else {
        await keepDeck(user.id, deckId);
        setExcluded(user.id, deckId, false);
      }
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
          Available offline · {updatedText(kept.copy.updated_at)} · {storedText(kept)}
          {kept.reason === 'recent' ? ' · studied recently' : null}
        </span>
      ) : busy ? (
        <span className="text-muted-foreground">Saving for offline...</span>
      ) : null}
    </div>
  );
}
