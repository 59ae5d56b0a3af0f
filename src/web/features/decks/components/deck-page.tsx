import { ArrowLeft, FileQuestion, GraduationCap, Layers, Sparkles } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDeck } from '../api/get-deck';

function DeckNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <FileQuestion aria-hidden="true" className="size-8" />
      </div>
      <h1 className="mt-5 text-2xl font-bold">Deck not found</h1>
      <p className="mt-2 text-muted-foreground">
        The deck you&apos;re looking for doesn&apos;t exist or you don&apos;t have access to it.
      </p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">Back to Dashboard</Link>
      </Button>
    </div>
  );
}

/**
 * /deck/:deckId and /deck/:deckId/learn. For now the deck's summary; cards, generation and
 * study sessions arrive with the decks issue.
 */
export function DeckPage({ mode }: { mode: 'deck' | 'learn' }) {
  const { deckId } = useParams();
  const { user } = useAuth();
  const deck = useDeck(deckId, { enabled: Boolean(user) });

  if (deck.isPending) return <LoadingMessage message="Loading deck..." />;
  if (deck.isError) {
    if (isApiError(deck.error) && deck.error.status === 404) return <DeckNotFound />;
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">{deck.error.message}</p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    );
  }

  const data = deck.data;
  const backLink =
    mode === 'learn'
      ? { to: `/deck/${data.id}`, label: 'Back to Deck' }
      : { to: '/dashboard', label: 'Back to Dashboard' };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={backLink.to}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLink.label}
      </Link>
      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words">{data.name}</h1>
          {data.description ? (
            <p className="mt-2 text-muted-foreground">{data.description}</p>
          ) : null}
          <p className="mt-3 flex flex-wrap gap-4 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <Layers aria-hidden="true" className="size-4" />
              {data.card_count} {data.card_count === 1 ? 'card' : 'cards'}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <GraduationCap aria-hidden="true" className="size-4" />
              {data.due_count} due
            </span>
          </p>
        </div>
        {mode === 'deck' && data.due_count > 0 ? (
          <Button asChild>
            <Link to={`/deck/${data.id}/learn`}>
              <GraduationCap aria-hidden="true" className="size-4" />
              Start Learning ({data.due_count} due)
            </Link>
          </Button>
        ) : null}
      </div>
      <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-input bg-card/50 px-6 py-14 text-center">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
          <Sparkles aria-hidden="true" className="size-7" />
        </div>
        {mode === 'learn' ? (
          <>
            <h2 className="mt-4 text-lg font-semibold">Study sessions are on their way</h2>
            <p className="mt-1.5 max-w-md text-sm text-muted-foreground">
              Spaced-repetition sessions for this deck will open here.
            </p>
          </>
        ) : data.card_count === 0 ? (
          <>
            <h2 className="mt-4 text-lg font-semibold">Your deck is empty</h2>
            <p className="mt-1.5 text-sm text-muted-foreground">
              Add content to generate your first cards.
            </p>
          </>
        ) : (
          <>
            <h2 className="mt-4 text-lg font-semibold">Your cards</h2>
            <p className="mt-1.5 text-sm text-muted-foreground">
              This deck holds {data.card_count} {data.card_count === 1 ? 'card' : 'cards'}.
            </p>
          </>
        )}
      </div>
    </div>
  );
}
