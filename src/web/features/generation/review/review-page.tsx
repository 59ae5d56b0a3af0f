import { FileQuestion, Hourglass, Inbox } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useDeck } from '../../decks/api/get-deck';
import { jobSource } from '../job-list';
import { useJob, useJobCards } from './api';
import { ReviewSession } from './review-session';

/** A page that cannot show a review: why, and the way back. */
function Message({
  icon: Icon,
  title,
  children,
  to,
  label,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  children: ReactNode;
  to: string;
  label: string;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <Icon aria-hidden className="size-8" />
      </div>
      <h1 className="mt-5 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{children}</p>
      <Button asChild className="mt-6">
        <Link to={to}>{label}</Link>
      </Button>
    </div>
  );
}

const missing = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * /deck/:deckId/review/:jobId: the cards one generation job put in the deck, one at a time
 * (issue 10, 'Review the new cards'). The cards are in the deck already; this makes pruning
 * quick. Someone else's job, or one of another deck, is 'not found'.
 */
export function ReviewPage() {
  const { deckId = '', jobId = '' } = useParams();
  const { user } = useAuth();
  const deck = useDeck(deckId, { enabled: Boolean(user) });
  const job = useJob(jobId, { enabled: Boolean(user) });
  const ready = job.data?.deck_id === deckId && job.data.status === 'completed';
  const cards = useJobCards(deckId, jobId, { enabled: deck.isSuccess && ready });
  // 'Cards Generated!' (with its own Review action) has done its work here, and would cover Keep.
  useEffect(() => {
    toast.dismiss();
  }, []);

  const toDeck = `/deck/${deckId}`;
  const failed = deck.error ?? job.error;
  if (deck.isError && missing(deck.error)) {
    return (
      <Message icon={FileQuestion} title="Deck not found" to="/dashboard" label="Back to Dashboard">
        The deck you&apos;re looking for doesn&apos;t exist or you don&apos;t have access to it.
      </Message>
    );
  }
  if ((job.isError && missing(job.error)) || (job.data && job.data.deck_id !== deckId)) {
    return (
      <Message icon={FileQuestion} title="Generation not found" to={toDeck} label="Back to Deck">
        This generation doesn&apos;t exist, belongs to another deck, or you don&apos;t have access
        to it.
      </Message>
    );
  }
  if (failed || cards.isError) {
    return (
      <Message icon={FileQuestion} title="Something went wrong" to={toDeck} label="Back to Deck">
        {errorMessage(failed ?? cards.error, 'Failed to load the new cards.')}
      </Message>
    );
  }
  const loading = <LoadingMessage message="Loading new cards..." />;
  if (!deck.data || !job.data) return loading;
  if (job.data.status === 'pending' || job.data.status === 'processing') {
    return (
      <Message icon={Hourglass} title="Still generating" to={toDeck} label="Back to Deck">
        The cards of this generation are not ready yet. Come back to review them once it has
        completed.
      </Message>
    );
  }
  if (job.data.status === 'failed') {
    return (
      <Message icon={Inbox} title="No cards to review" to={toDeck} label="Back to Deck">
        This generation failed, so it added no cards to review.
      </Message>
    );
  }
  if (!cards.data) return loading;
  if (cards.data.flashcards.length === 0) {
    return (
      <Message icon={Inbox} title="No cards to review" to={toDeck} label="Back to Deck">
        None of this generation&apos;s cards are in the deck any more: they were deleted or moved.
      </Message>
    );
  }
  return (
    <ReviewSession
      deckId={deckId}
      cards={cards.data.flashcards}
      heading={
        <div className="mt-6">
          <h1 className="text-2xl font-bold sm:text-3xl">Review new cards</h1>
          <p className="mt-1 truncate text-sm text-muted-foreground">
            {deck.data.name} · {jobSource(job.data)}
          </p>
        </div>
      }
    />
  );
}
