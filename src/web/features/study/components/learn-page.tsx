import { ArrowLeft, Moon, Pause, Undo2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { Deck } from '../../../../core/deck-schemas';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDeck } from '../../decks/api/get-deck';
import { CardView } from './learn/card-view';
import { KeyHint } from './learn/key-hint';
import { NextCardCountdown } from './learn/next-card-countdown';
import { SET_ASIDE_KEYS } from './learn/session-status';
import { RATINGS } from './learn/ratings';
import { SessionComplete } from './learn/session-complete';
import { SessionPreview } from './learn/session-preview';
import { SessionProgress, SyncIndicator } from './learn/session-progress';
import { useLearnSession } from './learn/use-learn-session';

/** Whether the user is typing somewhere (keys then belong to the field). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);

/** /deck/:deckId/learn (SPEC §2, §4): preview, learning, completed. */
export function LearnPage() {
  const { deckId = '' } = useParams();
  const { user } = useAuth();
  const deck = useDeck(deckId, { enabled: Boolean(user) });
  if (deck.isPending) return <LoadingMessage message="Loading deck..." />;
  if (deck.isError) {
    const missing = isApiError(deck.error) && deck.error.status === 404;
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">
          {missing ? 'Deck not found' : 'Something went wrong'}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {missing
            ? "The deck you're looking for doesn't exist or you don't have access to it."
            : errorMessage(deck.error, 'Failed to load the deck.')}
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    );
  }
  return <Learn deck={deck.data} />;
}

function Learn({ deck }: { deck: Deck }) {
  const study = useLearnSession(deck);
  const { phase, revealed, setRevealed, rate, undo, setAside } = study;

  // Keyboard: Space or Enter shows the answer, 1–4 rate, Ctrl/Cmd+Z undoes, @ suspends and
  // - buries the card (Anki's keys). The handler reads
  // the latest state through a ref, and Space marks the answer shown at once: a rating key
  // pressed right after Space (before React re-renders) is not lost.
  const latest = useRef({ revealed, setRevealed, rate, undo, setAside });
  latest.current = { revealed, setRevealed, rate, undo, setAside };
  // A layout effect: the keys work from the first paint of a card, not one frame later (a
  // Space pressed as soon as 'Card 1 of 3' showed was lost on a busy machine).
  useLayoutEffect(() => {
    if (phase !== 'learning') return;
    const onKey = (event: KeyboardEvent) => {
      const current = latest.current;
      if (typing(event.target)) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        void current.undo();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const aside =
        event.key === SET_ASIDE_KEYS.suspend
          ? 'suspend'
          : event.key === SET_ASIDE_KEYS.bury
            ? 'bury'
            : null;
      if (aside) {
        event.preventDefault();
        void current.setAside(aside);
        return;
      }
      if (!current.revealed && (event.key === ' ' || event.key === 'Enter')) {
        event.preventDefault();
        current.revealed = true;
        current.setRevealed(true);
        return;
      }
      const choice = RATINGS.find((item) => item.key === event.key);
      if (current.revealed && choice) {
        event.preventDefault();
        current.revealed = false;
        void current.rate(choice.rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase]);

  const back = (
    <Link
      to={`/deck/${deck.id}`}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Deck
    </Link>
  );

  if (phase === 'preview') {
    return (
      <SessionPreview
        deckId={deck.id}
        back={back}
        starting={study.starting}
        onStart={() => void study.begin()}
      />
    );
  }
  if (phase === 'completed' && study.result) {
    return <SessionComplete deckId={deck.id} result={study.result} />;
  }

  const { card, session, finishing } = study;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex items-center justify-between gap-4">
        {back}
        <SyncIndicator />
      </div>
      <h1 className="mt-4 truncate text-lg font-semibold">
        <span className="sr-only">Study: </span>
        {deck.name}
      </h1>
      <SessionProgress
        position={study.position}
        total={study.queue.length}
        percent={study.percent}
      />
      {finishing !== 'no' ? (
        <div className="mt-8 rounded-3xl border border-border bg-card p-10 text-center shadow-sm">
          {finishing === 'saving' ? (
            <p className="text-muted-foreground">Saving your answers...</p>
          ) : (
            <>
              <p className="text-danger-text">The session could not be completed.</p>
              <Button className="mt-4" onClick={() => session && void study.finish(session.id)}>
                Try again
              </Button>
            </>
          )}
        </div>
      ) : study.waitingUntil !== null && session ? (
        <NextCardCountdown
          until={study.waitingUntil}
          onDue={study.joinReady}
          onFinish={() => void study.finish(session.id)}
        />
      ) : card ? (
        <CardView
          card={card}
          revealed={revealed}
          intervals={study.intervals}
          onReveal={() => setRevealed(true)}
          onRate={(rating) => void rate(rating)}
        />
      ) : null}
      <div className="mt-4 flex flex-wrap items-start justify-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void undo()}
          disabled={!study.canUndo}
          aria-keyshortcuts="Control+Z"
        >
          <Undo2 aria-hidden="true" className="size-4" />
          Undo
        </Button>
        <div className="flex flex-col items-center">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void setAside('bury')}
            disabled={!card || finishing !== 'no'}
            aria-keyshortcuts={SET_ASIDE_KEYS.bury}
          >
            <Moon aria-hidden="true" className="size-4" />
            Bury
          </Button>
          <KeyHint>{SET_ASIDE_KEYS.bury}</KeyHint>
        </div>
        <div className="flex flex-col items-center">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void setAside('suspend')}
            disabled={!card || finishing !== 'no'}
            aria-keyshortcuts={SET_ASIDE_KEYS.suspend}
          >
            <Pause aria-hidden="true" className="size-4" />
            Suspend
          </Button>
          <KeyHint>{SET_ASIDE_KEYS.suspend}</KeyHint>
        </div>
      </div>
    </div>
  );
}
