import { type Dispatch, useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast';
import type { Flashcard } from '../../cards/api/cards';
import { useDeleteCard } from '../../cards/components/use-card-actions';
import type { ReviewAction } from './review-state';

/** How long a delete can be undone: the toast's life (SPEC §2: 5 s). */
export const UNDO_DELETE_MS = 5000;

interface PendingDelete {
  id: string;
  cards: { card: Flashcard; at: number }[];
  index: number;
  timer: ReturnType<typeof setTimeout>;
}

const deleteUrl = (id: string) => `/api/flashcards/${encodeURIComponent(id)}`;

/**
 * x on the review page: the card (a cloze card with its note's siblings) leaves the review at
 * once, with 'Card Deleted' and Undo (or `u`); the server is asked to delete it only when the
 * undo has passed, or at once when the page is left (a closing tab sends it with keepalive).
 */
export function useUndoableDelete(deckId: string, dispatch: Dispatch<ReviewAction>) {
  const deleteCard = useDeleteCard(deckId);
  const pending = useRef<PendingDelete[]>([]);
  const latest = useRef(deleteCard);
  latest.current = deleteCard;

  const commit = useCallback(
    (entry: PendingDelete, quiet = false) => {
      clearTimeout(entry.timer);
      pending.current = pending.current.filter((item) => item !== entry);
      void latest.current.remove(entry.id, {
        quiet,
        onDeleted: () => undefined,
        onFailed: () => dispatch({ type: 'restored', cards: entry.cards, index: entry.index }),
      });
    },
    [dispatch],
  );

  const undo = useCallback(() => {
    const entry = pending.current.pop();
    if (!entry) return;
    clearTimeout(entry.timer);
    dispatch({ type: 'restored', cards: entry.cards, index: entry.index });
    toast('Card restored', { description: 'It is back in the review and in the deck.' });
  }, [dispatch]);

  const remove = (card: Flashcard, all: Flashcard[], index: number) => {
    // Deleting a cloze card deletes its note: its siblings leave the review too.
    const note = card.note_id === null ? [card] : all.filter((c) => c.note_id === card.note_id);
    const cards = note.map((item) => ({ card: item, at: all.indexOf(item) }));
    for (const gone of note) dispatch({ type: 'deleted', id: gone.id });
    const entry: PendingDelete = {
      id: card.id,
      cards,
      index,
      timer: setTimeout(() => commit(entry, true), UNDO_DELETE_MS),
    };
    pending.current.push(entry);
    toast.success('Card Deleted', {
      description: 'Press u to undo.',
      duration: UNDO_DELETE_MS,
      action: { label: 'Undo', onClick: undo },
    });
  };

  // Leaving the page deletes what is still waiting; closing the tab too (keepalive).
  useEffect(() => {
    const onHide = () => {
      for (const entry of pending.current) {
        clearTimeout(entry.timer);
        void fetch(deleteUrl(entry.id), { method: 'DELETE', keepalive: true });
      }
      pending.current = [];
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      for (const entry of [...pending.current]) commit(entry, true);
    };
  }, [commit]);

  return { remove, undo };
}
