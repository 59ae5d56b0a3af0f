import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { timeZone } from '../../../lib/time-zone';
import { errorMessage } from '../utils';

interface Metrics {
  logLoss: number;
  rmse: number;
  reviews: number;
}

type TuningState =
  | { status: 'never' }
  | { status: 'insufficient'; reviews: number; needed: number }
  | { status: 'running'; startedAt: string; reviews: number }
  | { status: 'done'; reviews: number; before: Metrics; after: Metrics; applied: boolean }
  | { status: 'failed'; message: string };

/** Personal FSRS parameters from the deck's own reviews, with the fit before and after. */
export function FsrsTuning({ deckId }: { deckId: string }) {
  const queryClient = useQueryClient();
  const key = ['decks', deckId, 'fsrs-tuning'] as const;
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<TuningState>(`/api/decks/${encodeURIComponent(deckId)}/fsrs/tune`, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: () =>
      api.post<TuningState>(`/api/decks/${encodeURIComponent(deckId)}/fsrs/tune`, {
        time_zone: timeZone(),
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result);
      void queryClient.invalidateQueries({ queryKey: ['decks', deckId], exact: true });
    },
  });
  const shown = start.data?.status === 'insufficient' ? start.data : state.data;
  const fmt = (value: number) => value.toFixed(3);
  return (
    <div className="rounded-xl border border-border p-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <div>
          <p className="font-medium">Personal scheduler</p>
          <p className="text-xs text-muted-foreground">
            Fit FSRS to your own reviews of this deck (400 reviews or more).
          </p>
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={start.isPending || shown?.status === 'running'}
          onClick={() => start.mutate()}
        >
          {start.isPending || shown?.status === 'running' ? (
            <Spinner />
          ) : (
            <Sparkles aria-hidden="true" className="size-3.5" />
          )}
          Tune
        </Button>
      </div>
      <p role="status" className="mt-2 text-xs text-muted-foreground">
        {start.isError
          ? errorMessage(start.error, 'Tuning could not start.')
          : shown?.status === 'insufficient'
            ? `Not enough reviews yet: ${shown.reviews} of ${shown.needed}.`
            : shown?.status === 'running'
              ? `Tuning on ${shown.reviews} reviews…`
              : shown?.status === 'failed'
                ? `Tuning failed: ${shown.message}`
                : shown?.status === 'done'
                  ? `${shown.applied ? 'Applied' : 'Kept the current parameters'}: log loss ${fmt(shown.before.logLoss)} → ${fmt(shown.after.logLoss)}, RMSE ${fmt(shown.before.rmse)} → ${fmt(shown.after.rmse)} (${shown.reviews} reviews).`
                  : 'Using FSRS’s default parameters.'}
      </p>
    </div>
  );
}
