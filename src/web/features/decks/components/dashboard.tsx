import { AlertTriangle, Download, Import, Library, Plus, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDebounced } from '../../../lib/use-debounced';
import { useShortcut } from '../../../lib/use-shortcut';
import { useTouchScreen } from '../../../lib/use-touch-screen';
import { StreakBadge } from '../../study/components/stats-page';
import { useDecks } from '../api/get-decks';
import { ImportFileDialog } from '../../import/import-file-dialog';
import { CreateDeckDialog } from './create-deck-dialog';
import { DeckCard } from './deck-card';
import { exportCsvUrl } from '../../cards/components/import/import-api';

/**
 * While the decks load: cards of a deck card's size in the grid the decks will fill, so nothing
 * below moves when they arrive (a deck card is 14.25rem high: see deck-card.tsx).
 */
function DeckGridPlaceholder() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading your decks...</span>
      <div aria-hidden="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div
            key={index}
            className="h-[14.25rem] animate-pulse rounded-2xl border border-border bg-card/60"
          />
        ))}
      </div>
    </div>
  );
}

/** /dashboard (SPEC §2): 'Your Knowledge Hub', the deck grid. */
export function Dashboard() {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const decks = useDecks({ enabled: Boolean(user), search: term });
  const searching = term !== '';
  const hasDecks = (decks.data?.length ?? 0) > 0 || searching;
  const searchBox = useRef<HTMLInputElement>(null);
  useShortcut('/', () => searchBox.current?.focus());
  const touch = useTouchScreen();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">Your Knowledge Hub</h1>
            <StreakBadge />
          </div>
          <p className="mt-1.5 text-muted-foreground">
            Your decks, what is due today, and where you left off.
          </p>
        </div>
        {decks.isPending ? (
          // The search box, Import, Export and New Deck buttons take this place once the decks are in.
          <div aria-hidden="true" className="h-10 w-full sm:w-[37rem]" />
        ) : hasDecks ? (
          <div className="flex items-center gap-2">
            <div className="relative w-full min-w-0 sm:w-64">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                ref={searchBox}
                type="search"
                aria-label="Search decks"
                placeholder={touch ? 'Search decks…' : 'Search decks…  /'}
                className="pl-9"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <ImportFileDialog
              trigger={
                <Button
                  variant="outline"
                  className="shrink-0 max-sm:size-10 max-sm:px-0"
                  aria-label="Import"
                  title="Import an Anki package (.apkg, .colpkg) or a CSV, TSV or text file"
                >
                  <Import aria-hidden="true" className="size-4" />
                  {/* On a phone the icon alone: the row must fit 390 px. */}
                  <span className="max-sm:hidden">Import</span>
                </Button>
              }
            />
            <Button asChild variant="outline" size="icon" className="shrink-0">
              <a
                href={exportCsvUrl()}
                download
                aria-label="Export all decks as CSV"
                title="Export all decks as CSV"
              >
                <Download aria-hidden="true" className="size-4" />
              </a>
            </Button>
            <CreateDeckDialog
              trigger={
                <Button className="shrink-0">
                  <Plus aria-hidden="true" className="size-4" />
                  New Deck
                </Button>
              }
            />
          </div>
        ) : null}
      </div>

      <div className="mt-8">
        {decks.isPending ? (
          <DeckGridPlaceholder />
        ) : decks.isError ? (
          <div
            role="alert"
            className="mx-auto max-w-lg rounded-2xl border border-danger-border bg-danger-bg p-6 text-center text-danger-text"
          >
            <AlertTriangle aria-hidden="true" className="mx-auto size-8" />
            <h2 className="mt-3 text-lg font-semibold">Error loading decks</h2>
            <p className="mt-1 text-sm">{errorMessage(decks.error, 'Failed to load your decks')}</p>
            <Button variant="outline" className="mt-4" onClick={() => void decks.refetch()}>
              Try again
            </Button>
          </div>
        ) : searching && decks.data?.length === 0 ? (
          <p className="py-16 text-center text-muted-foreground">
            No decks match &ldquo;{term}&rdquo;.
          </p>
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
            <ImportFileDialog
              trigger={
                <Button variant="outline" className="mt-3">
                  <Import aria-hidden="true" className="size-4" />
                  Import a deck or a file
                </Button>
              }
            />
          </div>
        )}
      </div>
    </div>
  );
}
