import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { pluralise } from '../../../../core/text';
import { Button } from '../../../components/ui/button';
import { KeyHint } from '../../study/components/learn/key-hint';
import { type ReviewState, reviewSummary } from './review-state';

/** The end of a review: 'N cards kept, M deleted', and the way back to the deck. */
export function ReviewSummary({
  state,
  deckId,
  onBack,
}: {
  state: ReviewState;
  deckId: string;
  /** Back to the last card (k), while there is one. */
  onBack?: () => void;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-10">
      <section
        aria-labelledby="review-summary-title"
        className="rounded-3xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <ClipboardCheck aria-hidden="true" className="mx-auto size-12 text-primary" />
        <h1 id="review-summary-title" className="mt-4 text-3xl font-bold">
          Review complete
        </h1>
        <p role="status" className="mt-3 text-lg font-medium">
          {reviewSummary(state)}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          {state.edited.length > 0 ? `${pluralise(state.edited.length, 'card')} edited. ` : ''}
          The cards you kept are in the deck, ready to learn.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={`/deck/${deckId}`}>Back to Deck</Link>
          </Button>
          {onBack ? (
            <Button variant="outline" onClick={onBack} aria-keyshortcuts="k">
              Last card
              <KeyHint>k</KeyHint>
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
