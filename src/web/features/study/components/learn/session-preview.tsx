import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pluralise } from '../../../../../core/text';
import { Button } from '../../../../components/ui/button';
import { LoadingMessage } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../decks/utils';
import { useSessionPreview } from '../../api/study';

/** The preview (SPEC §2): counts within today's limits and Start Session, or 'All caught up!'. */
export function SessionPreview({
  deckId,
  back,
  starting,
  onStart,
}: {
  deckId: string;
  back: ReactNode;
  starting: boolean;
  onStart: () => void;
}) {
  const preview = useSessionPreview(deckId);
  if (preview.isPending) return <LoadingMessage message="Loading session..." />;
  const data = preview.data;
  const nothing = !data || (data.newCards === 0 && data.dueCards === 0);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-10">
      {/* 'All caught up!' has its own Back to Deck button: the link above it would repeat it. */}
      {data && nothing && !preview.isError ? null : back}
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
              <Link to={`/deck/${deckId}`}>Back to Deck</Link>
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm font-medium text-primary">Ready to learn</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight wrap-anywhere">
              {data.deckName}
            </h1>
            <dl className="mx-auto mt-8 grid max-w-sm grid-cols-2 gap-4">
              <div className="rounded-2xl bg-primary/10 p-4">
                <dt className="text-sm text-muted-foreground">New Cards</dt>
                <dd className="mt-1 text-3xl font-bold text-primary">{data.newCards}</dd>
              </div>
              <div className="rounded-2xl bg-emerald-500/10 p-4">
                <dt className="text-sm text-muted-foreground">Due Cards</dt>
                <dd className="mt-1 text-3xl font-bold text-emerald-700 dark:text-emerald-400">
                  {data.dueCards}
                </dd>
              </div>
            </dl>
            {data.estimatedDuration ? (
              <p className="mt-5 text-sm text-muted-foreground">
                About {pluralise(data.estimatedDuration, 'minute')}
              </p>
            ) : null}
            <Button size="lg" className="mt-6" onClick={onStart} disabled={starting}>
              {starting ? 'Starting...' : 'Start Session'}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
