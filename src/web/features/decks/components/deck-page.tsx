import {
  ArrowLeft,
  BarChart3,
  FileQuestion,
  GraduationCap,
  Layers,
  Plus,
  Search,
  Settings2,
  Sparkles,
  Trash2,
} from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useParams } from 'react-router';
import { pluralise } from '../../../../core/text';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { LoadingMessage } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDebounced } from '../../../lib/use-debounced';
import { useShortcut } from '../../../lib/use-shortcut';
import { useTouchScreen } from '../../../lib/use-touch-screen';
import { useCardSearch, useDeckCards, useDeleteCards } from '../../cards/api/cards';
import { CardList } from '../../cards/components/card-list';
import {
  BulkSuspendButtons,
  matchesStatus,
  type StatusFilter,
  StatusFilterSelect,
} from '../../cards/components/card-status';
import { AddContentPanel } from '../../generation/add-content-panel';
import { CreateCardDialog } from '../../cards/components/create-card-dialog';
import { MoveCardsDialog } from '../../cards/components/move-cards-dialog';
import { ImportExportActions } from '../../cards/components/import/import-export-actions';
import type { Deck } from '../api/get-decks';
import { useDeck } from '../api/get-deck';
import { errorMessage } from '../utils';
import { DeckSettingsDialog } from './deck-settings-dialog';

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
 * /deck/:deckId (SPEC §2): the deck's header, the Add Content panel and 'Your Cards'.
 * /deck/:deckId/learn uses the same loading and not-found handling (mode 'learn').
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
        <p className="mt-2 text-muted-foreground">
          {errorMessage(deck.error, 'Failed to load the deck.')}
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    );
  }
  return <DeckView deck={deck.data} mode={mode} />;
}

function DeckView({ deck, mode }: { deck: Deck; mode: 'deck' | 'learn' }) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={mode === 'learn' ? `/deck/${deck.id}` : '/dashboard'}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {mode === 'learn' ? 'Back to Deck' : 'Back to Dashboard'}
      </Link>
      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words">{deck.name}</h1>
          {deck.description ? (
            <p className="mt-2 text-muted-foreground">{deck.description}</p>
          ) : null}
          <p className="mt-3 flex flex-wrap gap-4 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <Layers aria-hidden="true" className="size-4" />
              {pluralise(deck.card_count, 'card')}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <GraduationCap aria-hidden="true" className="size-4" />
              {deck.due_count} due
            </span>
          </p>
        </div>
        {mode === 'deck' ? (
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <Button asChild variant="ghost" size="icon" aria-label="Statistics">
              <Link to={`/stats?deck=${deck.id}`}>
                <BarChart3 aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <ImportExportActions deckId={deck.id} />
            <Button
              variant="outline"
              size="icon"
              aria-label="Deck settings"
              onClick={() => setSettingsOpen(true)}
            >
              <Settings2 aria-hidden="true" className="size-4" />
            </Button>
            {deck.due_count > 0 ? (
              <Button asChild>
                <Link to={`/deck/${deck.id}/learn`}>
                  <GraduationCap aria-hidden="true" className="size-4" />
                  Start Learning ({deck.due_count} due)
                </Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {mode === 'learn' ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-input bg-card/50 px-6 py-14 text-center">
          <Sparkles aria-hidden="true" className="size-7 text-primary" />
          <h2 className="mt-4 text-lg font-semibold">Study sessions are on their way</h2>
        </div>
      ) : (
        <>
          <AddContentPanel deckId={deck.id} />
          <CardsSection deck={deck} />
        </>
      )}
      {settingsOpen ? (
        <DeckSettingsDialog deck={deck} open={settingsOpen} onOpenChange={setSettingsOpen} />
      ) : null}
    </div>
  );
}

function CardsSection({ deck }: { deck: Deck }) {
  const cards = useDeckCards(deck.id);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const term = useDebounced(search.trim());
  const results = useCardSearch(deck.id, term);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [createOpen, setCreateOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const deleteCards = useDeleteCards(deck.id);
  const searchBox = useRef<HTMLInputElement>(null);
  useShortcut('/', () => searchBox.current?.focus());
  const touch = useTouchScreen();
  useShortcut('n', () => setCreateOpen(true));

  const shown = useMemo(
    () =>
      (term ? (results.data?.flashcards ?? []) : (cards.data?.flashcards ?? [])).filter((card) =>
        matchesStatus(card, status),
      ),
    [term, results.data, cards.data, status],
  );
  const ids = [...selected].filter((id) => shown.some((card) => card.id === id));
  const toggle = (id: string, value: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  const total = cards.data?.total ?? deck.card_count;

  return (
    <section aria-labelledby="your-cards-title" className="mt-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="your-cards-title" className="text-xl font-semibold">
          Your Cards <span className="text-base font-normal text-muted-foreground">({total})</span>
        </h2>
        <div className="flex items-center gap-2">
          {total > 0 ? <StatusFilterSelect value={status} onChange={setStatus} /> : null}
          {total > 0 ? (
            <div className="relative w-full sm:w-60">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                ref={searchBox}
                type="search"
                aria-label="Search cards"
                placeholder={touch ? 'Search cards…' : 'Search cards…  /'}
                className="pl-9"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          ) : null}
          <CreateCardDialog
            deckId={deck.id}
            open={createOpen}
            onOpenChange={setCreateOpen}
            trigger={
              <Button className="shrink-0" aria-keyshortcuts="n">
                <Plus aria-hidden="true" className="size-4" />
                Card
              </Button>
            }
          />
        </div>
      </div>
      {ids.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Selected cards"
          className="mt-3 flex items-center gap-2 rounded-xl border border-primary/30 bg-primary/5 px-3 py-2 text-sm"
        >
          <span className="font-medium">{ids.length} selected</span>
          <Button size="sm" variant="outline" onClick={() => setMoveOpen(true)}>
            Move to…
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirmBulkDelete(true)}>
            <Trash2 aria-hidden="true" className="size-3.5" />
            Delete
          </Button>
          <BulkSuspendButtons deckId={deck.id} ids={ids} onDone={() => setSelected(new Set())} />
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </div>
      ) : null}
      <div className="mt-4">
        {cards.isPending ? (
          <LoadingMessage message="Loading cards..." />
        ) : cards.isError ? (
          <p role="alert" className="rounded-xl bg-danger-bg p-4 text-sm text-danger-text">
            {errorMessage(cards.error, 'Failed to load cards.')}
          </p>
        ) : total === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-card/50 px-6 py-14 text-center">
            <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
              <Layers aria-hidden="true" className="size-7" />
            </div>
            <h3 className="mt-4 text-lg font-semibold">Your deck is empty</h3>
            <p className="mt-1.5 text-sm text-muted-foreground">
              Add content to generate your first cards.
            </p>
          </div>
        ) : term && results.isPending ? (
          <LoadingMessage message="Searching..." />
        ) : shown.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">
            {term ? <>No cards match &ldquo;{term}&rdquo;.</> : 'No cards to show.'}
          </p>
        ) : (
          <CardList cards={shown} deckId={deck.id} selected={selected} onSelectedChange={toggle} />
        )}
      </div>
      <MoveCardsDialog
        deckId={deck.id}
        ids={ids}
        open={moveOpen}
        onOpenChange={setMoveOpen}
        onMoved={() => setSelected(new Set())}
      />
      <ConfirmDialog
        open={confirmBulkDelete}
        onOpenChange={setConfirmBulkDelete}
        title={`Delete ${pluralise(ids.length, 'card')}?`}
        description="This action cannot be undone. The cards and their review history will be deleted."
        confirmLabel="Delete"
        pending={deleteCards.isPending}
        onConfirm={() =>
          deleteCards.mutate(ids, {
            onSuccess: () => {
              toast.success('Card Deleted', {
                description: `${pluralise(ids.length, 'card')} deleted.`,
              });
              setSelected(new Set());
              setConfirmBulkDelete(false);
            },
            onError: (error) =>
              toast.error('Delete Failed', {
                description: errorMessage(error, 'Failed to delete card.'),
              }),
          })
        }
      />
    </section>
  );
}
