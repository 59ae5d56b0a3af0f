import { BarChart3 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { LoadingMessage } from '../../../components/ui/spinner';
import { useDecks } from '../../decks/api/get-decks';
import { errorMessage } from '../../decks/utils';
import { useStatistics } from '../api/study';
import { CardStates } from './stats/card-states';
import { Forecast } from './stats/forecast';
import { Heatmap } from './stats/heatmap';
import { SummaryTiles } from './stats/tiles';

export { StreakBadge } from './stats/streak-badge';

/** /stats: streak, heatmap, retention, forecast and card states, overall or for one deck. */
export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const deckId = params.get('deck') ?? undefined;
  const decks = useDecks();
  const stats = useStatistics(deckId);
  const data = stats.data;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Statistics</h1>
          <p className="mt-1.5 text-muted-foreground">How your memory is doing, day by day.</p>
        </div>
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="text-muted-foreground">Deck</span>
          <select
            aria-label="Deck"
            className="h-10 min-w-0 flex-1 rounded-lg border border-input bg-background px-3 text-sm sm:max-w-xs sm:flex-none"
            value={deckId ?? ''}
            onChange={(event) =>
              setParams(event.target.value ? { deck: event.target.value } : {}, { replace: true })
            }
          >
            <option value="">All decks</option>
            {(decks.data ?? []).map((deck) => (
              <option key={deck.id} value={deck.id}>
                {deck.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stats.isPending ? (
        <LoadingMessage page message="Loading statistics..." />
      ) : stats.isError || !data ? (
        <p role="alert" className="mt-8 rounded-xl bg-danger-bg p-4 text-danger-text">
          {errorMessage(stats.error, 'Could not load statistics.')}
        </p>
      ) : (
        <>
          <SummaryTiles data={data} />
          <section className="mt-6 min-w-0 rounded-2xl border border-border bg-card p-5 shadow-xs">
            <h2 className="font-semibold">Reviews per day</h2>
            <div className="mt-4">
              <Heatmap stats={data} />
            </div>
          </section>
          {/* min-w-0: a wide chart scrolls inside its panel instead of widening the page. */}
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <section className="min-w-0 rounded-2xl border border-border bg-card p-5 shadow-xs">
              <h2 className="flex items-center gap-2 font-semibold">
                <BarChart3 aria-hidden="true" className="size-4" />
                Due in the next 30 days
              </h2>
              <div className="mt-4">
                <Forecast stats={data} />
              </div>
            </section>
            <CardStates data={data} />
          </div>
        </>
      )}
    </div>
  );
}
