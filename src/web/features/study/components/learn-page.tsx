import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Cloud, CloudOff, PartyPopper, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import type { Deck } from '../../../../core/deck-schemas';
import {
  previewIntervals,
  type Rating,
  REQUEUE_CHECK_MS,
  requeueDelaySeconds,
  scheduleReview,
  schedulerSettingsOf,
  schedulingCardFrom,
} from '../../../../core/scheduling';
import { CardAnswer, CardContent } from '../../../components/card-content/card-content';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/utils';
import { useDeck } from '../../decks/api/get-deck';
import { errorMessage } from '../../decks/utils';
import {
  completeSession,
  type LearningSession,
  type QueueCard,
  startSession,
  undoReview,
  useSessionPreview,
} from '../api/study';
import { enqueueReview, flushReviews, onPendingChange, onReviewRejected } from '../review-queue';

const RATINGS: { rating: Rating; label: string; key: string; tone: string }[] = [
  {
    rating: 'again',
    label: 'Again',
    key: '1',
    tone: 'hover:border-red-500/60 hover:bg-red-500/10',
  },
  {
    rating: 'hard',
    label: 'Hard',
    key: '2',
    tone: 'hover:border-amber-500/60 hover:bg-amber-500/10',
  },
  {
    rating: 'good',
    label: 'Good',
    key: '3',
    tone: 'hover:border-emerald-500/60 hover:bg-emerald-500/10',
  },
  { rating: 'easy', label: 'Easy', key: '4', tone: 'hover:border-sky-500/60 hover:bg-sky-500/10' },
];

/** Whether the user is typing somewhere (keys then belong to the field). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);

function SyncIndicator() {
  const [pending, setPending] = useState(0);
  useEffect(() => onPendingChange(setPending), []);
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 text-xs',
        pending > 0 ? 'text-amber-600 dark:text-amber-400' : 'text-muted-foreground',
      )}
    >
      {pending > 0 ? (
        <CloudOff aria-hidden="true" className="size-3.5" />
      ) : (
        <Cloud aria-hidden="true" className="size-3.5" />
      )}
      {pending > 0
        ? `${pending} ${pending === 1 ? 'answer' : 'answers'} not yet saved`
        : 'All answers saved'}
    </span>
  );
}

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

interface Requeued {
  card: QueueCard;
  availableAt: number;
  reviewId: string;
}

interface Answer {
  reviewId: string;
  card: QueueCard;
  rating: Rating;
  position: number;
}

function Learn({ deck }: { deck: Deck }) {
  const queryClient = useQueryClient();
  const preview = useSessionPreview(deck.id);
  const [phase, setPhase] = useState<'preview' | 'learning' | 'completed'>('preview');
  const [starting, setStarting] = useState(false);
  const [session, setSession] = useState<LearningSession | null>(null);
  const [queue, setQueue] = useState<QueueCard[]>([]);
  const [position, setPosition] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [finishing, setFinishing] = useState<'no' | 'saving' | 'failed'>('no');
  const [result, setResult] = useState<LearningSession | null>(null);
  const requeued = useRef<Requeued[]>([]);
  const answers = useRef<Answer[]>([]);
  const shownAt = useRef(Date.now());
  const settings = useMemo(() => schedulerSettingsOf(deck), [deck]);
  const card = queue[position];

  useEffect(() => {
    void flushReviews(); // answers left from an earlier visit go first
    return onReviewRejected((error) =>
      toast.error('Review Failed', {
        description: errorMessage(error, 'Failed to record your response.'),
      }),
    );
  }, []);

  const begin = async () => {
    setStarting(true);
    try {
      await flushReviews();
      const started = await startSession(deck.id);
      setSession(started.session);
      setQueue(started.queue);
      setPosition(0);
      setRevealed(false);
      requeued.current = [];
      answers.current = [];
      shownAt.current = Date.now();
      setPhase('learning');
    } catch (error) {
      toast.error('Failed to Start Session', {
        description: errorMessage(error, 'Could not start learning session.'),
      });
    } finally {
      setStarting(false);
    }
  };

  const finish = useCallback(
    async (sessionId: string) => {
      setFinishing('saving');
      try {
        await flushReviews();
        const completed = await completeSession(sessionId);
        setResult(completed);
        setPhase('completed');
        setFinishing('no');
        void queryClient.invalidateQueries({ queryKey: ['decks'] });
        void queryClient.invalidateQueries({ queryKey: ['stats'] });
      } catch (error) {
        // SPEC §4: a failed completion is only logged; the phase stays 'learning'.
        console.error('Could not complete the session', error);
        setFinishing('failed');
      }
    },
    [queryClient],
  );

  // Requeued cards come back once available: a check every 5 seconds (SPEC §9).
  useEffect(() => {
    if (phase !== 'learning') return;
    const timer = setInterval(() => {
      const now = Date.now();
      const ready = requeued.current.filter((item) => item.availableAt <= now);
      if (ready.length === 0) return;
      requeued.current = requeued.current.filter((item) => item.availableAt > now);
      setQueue((current) => [...current, ...ready.map((item) => item.card)]);
    }, REQUEUE_CHECK_MS);
    return () => clearInterval(timer);
  }, [phase]);

  const labels = useMemo(() => {
    if (!card) return null;
    try {
      return previewIntervals(schedulingCardFrom(card), settings, new Date());
    } catch {
      return null;
    }
  }, [card, settings]);

  const rate = useCallback(
    async (rating: Rating) => {
      if (!card || !session || !revealed || finishing !== 'no') return;
      const now = new Date();
      const reviewId = crypto.randomUUID();
      const responseTimeSeconds = Math.round((Date.now() - shownAt.current) / 1000);
      try {
        await enqueueReview({
          id: reviewId,
          sessionId: session.id,
          cardId: card.id,
          response: rating,
          responseTimeSeconds,
          createdAt: Date.now(),
        });
      } catch (error) {
        toast.error('Review Failed', {
          description: errorMessage(error, 'Failed to record your response.'),
        });
        return;
      }
      // The same scheduler as the server's, to know whether the card comes back today.
      const next = scheduleReview(schedulingCardFrom(card), rating, settings, now);
      const delay = requeueDelaySeconds(rating, card.card_state, next.card_state);
      const updated: QueueCard = {
        ...card,
        ...next,
        due_date: next.due_date.toISOString(),
        last_reviewed_at: now.toISOString(),
        review_count: card.review_count + 1,
      };
      if (delay !== null) {
        requeued.current.push({ card: updated, availableAt: Date.now() + delay * 1000, reviewId });
      }
      answers.current.push({ reviewId, card, rating, position });
      setSession((current) =>
        current
          ? {
              ...current,
              cards_studied: current.cards_studied + 1,
              [`${rating}_count`]: current[`${rating}_count`] + 1,
            }
          : current,
      );
      setRevealed(false);
      shownAt.current = Date.now();
      if (position + 1 >= queue.length) void finish(session.id);
      else setPosition(position + 1);
    },
    [card, session, revealed, finishing, settings, position, queue.length, finish],
  );

  const undo = useCallback(async () => {
    const last = answers.current.pop();
    if (!last || !session) return;
    try {
      await flushReviews();
      const result = await undoReview(session.id);
      requeued.current = requeued.current.filter((item) => item.reviewId !== last.reviewId);
      const restored = result.card ?? last.card;
      setQueue((current) => {
        const next = [...current];
        next[last.position] = restored;
        return next.slice(0, Math.max(last.position + 1, next.length));
      });
      setPosition(last.position);
      setRevealed(false);
      setFinishing('no');
      setSession(result.session);
      shownAt.current = Date.now();
      toast('Answer undone', { description: 'The card is back as it was.' });
    } catch (error) {
      answers.current.push(last);
      toast.error('Undo Failed', { description: errorMessage(error, 'Could not undo.') });
    }
  }, [session]);

  // Keyboard: Space or Enter shows the answer, 1–4 rate, Ctrl/Cmd+Z undoes.
  useEffect(() => {
    if (phase !== 'learning') return;
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        void undo();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (!revealed && (event.key === ' ' || event.key === 'Enter')) {
        event.preventDefault();
        setRevealed(true);
        return;
      }
      const choice = RATINGS.find((item) => item.key === event.key);
      if (revealed && choice) {
        event.preventDefault();
        void rate(choice.rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, revealed, rate, undo]);

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
    if (preview.isPending) return <LoadingMessage message="Loading session..." />;
    const data = preview.data;
    const nothing = !data || (data.newCards === 0 && data.dueCards === 0);
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-10">
        {back}
        <div className="mt-6 rounded-3xl border border-border bg-card p-8 text-center shadow-sm">
          {preview.isError ? (
            <p role="alert" className="text-danger-text">
              {errorMessage(preview.error, 'Could not load the session preview.')}
            </p>
          ) : nothing ? (
            <>
              <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-500" />
              <h1 className="mt-4 text-2xl font-bold">All caught up!</h1>
              <p className="mt-2 text-muted-foreground">
                You have no cards due for review right now.
              </p>
              <Button asChild variant="outline" className="mt-6">
                <Link to={`/deck/${deck.id}`}>Back to Deck</Link>
              </Button>
            </>
          ) : (
            <>
              <p className="text-sm font-medium text-primary">Ready to learn</p>
              <h1 className="mt-1 text-3xl font-bold tracking-tight">{data.deckName}</h1>
              <dl className="mx-auto mt-8 grid max-w-sm grid-cols-2 gap-4">
                <div className="rounded-2xl bg-primary/10 p-4">
                  <dt className="text-sm text-muted-foreground">New Cards</dt>
                  <dd className="mt-1 text-3xl font-bold text-primary">{data.newCards}</dd>
                </div>
                <div className="rounded-2xl bg-emerald-500/10 p-4">
                  <dt className="text-sm text-muted-foreground">Due Cards</dt>
                  <dd className="mt-1 text-3xl font-bold text-emerald-600 dark:text-emerald-400">
                    {data.dueCards}
                  </dd>
                </div>
              </dl>
              {data.estimatedDuration ? (
                <p className="mt-5 text-sm text-muted-foreground">
                  About {data.estimatedDuration}{' '}
                  {data.estimatedDuration === 1 ? 'minute' : 'minutes'}
                </p>
              ) : null}
              <Button size="lg" className="mt-6" onClick={() => void begin()} disabled={starting}>
                {starting ? 'Starting...' : 'Start Session'}
              </Button>
            </>
          )}
        </div>
      </div>
    );
  }

  if (phase === 'completed' && result) {
    const minutes = Math.round((result.duration_seconds ?? 0) / 60);
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-10">
        <div className="rounded-3xl border border-border bg-card p-8 text-center shadow-sm">
          <PartyPopper aria-hidden="true" className="mx-auto size-12 text-primary" />
          <h1 className="mt-4 text-3xl font-bold">Session Complete!</h1>
          <dl className="mx-auto mt-8 grid max-w-md grid-cols-2 gap-4 text-left">
            <div className="rounded-2xl bg-muted/60 p-4">
              <dt className="text-sm text-muted-foreground">Cards studied</dt>
              <dd className="mt-1 text-2xl font-bold">{result.cards_studied}</dd>
            </div>
            <div className="rounded-2xl bg-muted/60 p-4">
              <dt className="text-sm text-muted-foreground">Study time</dt>
              <dd className="mt-1 text-2xl font-bold">
                {minutes} {minutes === 1 ? 'minute' : 'minutes'}
              </dd>
            </div>
          </dl>
          <dl className="mx-auto mt-4 grid max-w-md grid-cols-4 gap-2">
            {RATINGS.map((item) => (
              <div key={item.rating} className="rounded-xl border border-border p-3">
                <dt className="text-xs text-muted-foreground">{item.label}</dt>
                <dd className="mt-0.5 text-lg font-semibold">{result[`${item.rating}_count`]}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/dashboard">Return to Dashboard</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/deck/${deck.id}`}>Back to Deck</Link>
            </Button>
          </div>
          <p className="mt-6 text-sm text-muted-foreground">
            See you tomorrow for your next review session!
          </p>
        </div>
      </div>
    );
  }

  const total = queue.length;
  const done = Math.min(position, total);
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex items-center justify-between gap-4">
        {back}
        <SyncIndicator />
      </div>
      <div className="mt-6">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">
            Card {Math.min(position + 1, total)} of {total}
          </span>
          <span className="text-muted-foreground">{percent}% complete</span>
        </div>
        <div
          role="progressbar"
          aria-label="Session progress"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      {finishing !== 'no' ? (
        <div className="mt-8 rounded-3xl border border-border bg-card p-10 text-center shadow-sm">
          {finishing === 'saving' ? (
            <p className="text-muted-foreground">Saving your answers...</p>
          ) : (
            <>
              <p className="text-danger-text">The session could not be completed.</p>
              <Button className="mt-4" onClick={() => session && void finish(session.id)}>
                Try again
              </Button>
            </>
          )}
        </div>
      ) : card ? (
        <div className="mt-8 rounded-3xl border border-border bg-card shadow-sm">
          <div className="border-b border-border px-6 py-3 text-xs font-semibold tracking-wide text-primary uppercase">
            {card.card_type === 'cloze' ? 'Fill in the Blank' : 'Question & Answer'}
          </div>
          <div className="min-h-40 px-6 py-8 text-lg sm:px-10">
            <CardContent content={card.front_content} cardType={card.card_type} side="front" />
            {revealed ? (
              <div className="mt-6 border-t border-dashed border-border pt-6" data-testid="answer">
                <CardAnswer
                  front={card.front_content}
                  back={card.back_content}
                  cardType={card.card_type}
                />
              </div>
            ) : null}
          </div>
          <div className="border-t border-border p-4">
            {revealed ? (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {RATINGS.map((item, index) => {
                  const interval = labels?.[index]?.label;
                  return (
                    <button
                      key={item.rating}
                      type="button"
                      onClick={() => void rate(item.rating)}
                      aria-keyshortcuts={item.key}
                      className={cn(
                        'flex flex-col items-center rounded-xl border border-border px-3 py-2.5 transition-colors',
                        item.tone,
                      )}
                    >
                      <span className="font-semibold">
                        {item.label} {interval}
                      </span>
                      <span className="text-xs text-muted-foreground">{item.key}</span>
                    </button>
                  );
                })}
              </div>
            ) : (
              <div className="flex flex-col items-center gap-1">
                <Button size="lg" className="w-full sm:w-64" onClick={() => setRevealed(true)}>
                  Show Answer
                </Button>
                <span className="text-xs text-muted-foreground">Space or Enter</span>
              </div>
            )}
          </div>
        </div>
      ) : null}
      <div className="mt-4 flex justify-center">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void undo()}
          disabled={answers.current.length === 0}
          aria-keyshortcuts="Control+Z"
        >
          <Undo2 aria-hidden="true" className="size-4" />
          Undo
        </Button>
      </div>
    </div>
  );
}
