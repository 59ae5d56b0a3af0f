import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isTyping } from '../../../lib/use-shortcut';
import type { Flashcard } from '../../cards/api/cards';
import { EditCardDialog } from '../../cards/components/edit-card-dialog';
import { SessionProgress } from '../../study/components/learn/session-progress';
import { ReviewActions, type ReviewCommand } from './review-actions';
import { ReviewCard } from './review-card';
import {
  currentCard,
  type ReviewAction,
  reviewPercent,
  reviewReducer,
  startReview,
} from './review-state';
import { ReviewSummary } from './review-summary';
import { useUndoableDelete } from './use-undoable-delete';

/** A focused button or link answers Enter itself (keyboard users reach the actions by Tab). */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest('button,a,[role="button"]') !== null;

const KEYS: Record<string, ReviewCommand> = {
  j: 'next',
  k: 'previous',
  e: 'edit',
  x: 'delete',
  u: 'undo',
  Enter: 'keep',
  ArrowRight: 'keep',
};

/**
 * Goes through a job's cards one at a time: j/k move, e edits, x deletes (at once, no
 * confirmation: the point is quick pruning; a toast's Undo or u brings it back), Enter or →
 * keeps and moves on, Keep all ends.
 */
export function ReviewSession({
  deckId,
  cards,
  heading,
}: {
  deckId: string;
  cards: Flashcard[];
  heading: ReactNode;
}) {
  const [state, dispatch] = useReducer(reviewReducer, cards, startReview);
  const [editing, setEditing] = useState(false);
  const undoable = useUndoableDelete(deckId, dispatch);
  const region = useRef<HTMLDivElement>(null);
  const card = currentCard(state);

  const run = (command: ReviewCommand) => {
    if (command === 'undo') return undoable.undo();
    if (command === 'next' || command === 'previous' || command === 'keep') {
      return dispatch({ type: command } satisfies ReviewAction);
    }
    if (!card || state.deleting.includes(card.id)) return;
    if (command === 'edit') return setEditing(true);
    undoable.remove(card, state.cards, state.index);
  };
  // One handler on the window reads the latest `run` (keys pressed in a row act in order).
  const latest = useRef(run);
  latest.current = run;
  // A layout effect: keys work from the first paint (see learn-page.tsx).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const command = KEYS[key];
      if (!command || (key === 'Enter' && isControl(event.target))) return;
      event.preventDefault();
      latest.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const back = (
    <Link
      to={`/deck/${deckId}`}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Deck
    </Link>
  );

  if (!card) {
    return (
      <ReviewSummary
        state={state}
        deckId={deckId}
        onBack={state.cards.length > 0 ? () => dispatch({ type: 'previous' }) : undefined}
      />
    );
  }
  return (
    <div
      ref={region}
      tabIndex={-1}
      className="mx-auto w-full max-w-3xl px-4 py-8 outline-none sm:py-10"
    >
      <div className="flex items-center justify-between gap-4">
        {back}
        <Button variant="outline" size="sm" onClick={() => dispatch({ type: 'keepAll' })}>
          Keep all
        </Button>
      </div>
      {heading}
      <SessionProgress
        position={state.index}
        total={state.cards.length}
        percent={reviewPercent(state)}
        label="Review progress"
      />
      <ReviewCard
        key={card.id}
        card={card}
        kept={state.kept.includes(card.id)}
        edited={state.edited.includes(card.id)}
      />
      <ReviewActions
        first={state.index === 0}
        deleting={state.deleting.includes(card.id)}
        onCommand={run}
      />
      <EditCardDialog
        card={card}
        deckId={deckId}
        open={editing}
        onOpenChange={setEditing}
        onSaved={(saved) => dispatch({ type: 'edited', card: saved })}
        onCloseAutoFocus={(event) => {
          // Back to the review, not to the Edit button: Enter then keeps, as before.
          event.preventDefault();
          region.current?.focus();
        }}
      />
    </div>
  );
}
