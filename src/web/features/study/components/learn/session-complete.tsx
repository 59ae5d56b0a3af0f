import { PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { studyTime } from '../../../../../core/text';
import { Button } from '../../../../components/ui/button';
import type { LearningSession } from '../../api/study';
import { RATINGS } from './ratings';

/** 'Session Complete!' (SPEC §2): cards studied, study time, the four counts, the way on. */
export function SessionComplete({ deckId, result }: { deckId: string; result: LearningSession }) {
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
            <dd className="mt-1 text-2xl font-bold">{studyTime(result.duration_seconds ?? 0)}</dd>
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
            <Link to={`/deck/${deckId}`}>Back to Deck</Link>
          </Button>
        </div>
        <p className="mt-6 text-sm text-muted-foreground">
          See you tomorrow for your next review session!
        </p>
      </div>
    </div>
  );
}
