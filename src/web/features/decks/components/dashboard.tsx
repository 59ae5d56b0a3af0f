import { AlertTriangle, Library, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDecks } from '../api/get-decks';
import { CreateDeckDialog } from './create-deck-dialog';
import { DeckCard } from './deck-card';

/** /dashboard (SPEC §2): 'Your Knowledge Hub', the deck grid. */
export function Dashboard() {
  const { user } = useAuth();
  const decks = useDecks({ enabled: Boolean(user) });
  const hasDecks = (decks.data?.length ?? 0) > 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your Knowledge Hub</h1>
          <p className="mt-1.5 text-muted-foreground">
            Your decks, what is due today, and where you left off.
          </p>
        </div>
        {hasDecks ? (
          <CreateDeckDialog
            trigger={
              <Button>
                <Plus aria-hidden="true" className="size-4" />
                New Deck
              </Button>
            }
          />
        ) : null}
      </div>

      <div className="mt-8">
        {decks.isPending ? (
          <LoadingMessage message="Loading your decks..." />
        ) : decks.isError ? (
          <div
            role="alert"
            className="mx-auto max-w-lg rounded-2xl border border-danger-border bg-danger-bg p-6 text-center text-danger-text"
          >
            <AlertTriangle aria-hidden="true" className="mx-auto size-8" />
            <h2 className="mt-3 text-lg font-semibold">Error loading decks</h2>
            <p className="mt-1 text-sm">
              {(isApiError(decks.error) && decks.error.message) || 'Failed to load your decks'}
            </p>
            <Button variant="outline" className="mt-4" onClick={() => void decks.refetch()}>
              Try again
            </Button>
          </div>
        ) : hasDecks ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {decks.data?.map((deck) => (
              <DeckCard key={deck.id} deck={deck} />
            ))}
          </div>
        ) : (
          <div className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-input bg-card/50 px-6 py-16 text-center">
            <div className="flex size-16 items-center justify-center rounded-2xl bg-primary/15 text-primary">
              <Library aria-hidden="true" className="size-8" />
            </div>
            <h2 className="mt-5 text-xl font-semibold">No decks yet</h2>
            <p className="mt-2 max-w-sm text-sm text-muted-foreground">
              Create a deck, paste your notes or a link, and Mnemo turns them into flashcards you
              can start learning right away.
            </p>
            <CreateDeckDialog
              trigger={
                <Button size="lg" className="mt-6">
                  <Plus aria-hidden="true" className="size-4" />
                  Create Your First Deck
                </Button>
              }
            />
          </div>
        )}
      </div>
    </div>
  );
}
