import { Layers, Plus, Search, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { pluralise } from '../../../../core/text';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { LoadingMessage } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
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
import { CreateCardDialog } from '../../cards/components/create-card-dialog';
import { MoveCardsDialog } from '../../cards/components/move-cards-dialog';
import type { Deck } from '../api/get-decks';
import { errorMessage } from '../utils';

export const CARDS_HEADING_ID = 'your-cards-title';

/**
 * 'Your Cards' on the deck page: the list (a page of cards at a time, more as it scrolls),
 * the status filter, search, selection with bulk actions, and the new-card dialog.
 */
export function CardsSection({ deck }: { deck: Deck }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const cards = useDeckCards(deck.id, status);
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

  // The list filters by status on the server; a search's results here.
  const shown = useMemo(
    () =>
      term
        ? (results.data?.flashcards ?? []).filter((card) => matchesStatus(card, status))
        : (cards.data?.pages.flatMap((page) => page.flashcards) ?? []),
    [term, results.data, cards.data, status],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = cards;
  const loadMore = useCallback(() => {
    if (!term && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [term, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const ids = [...selected].filter((id) => shown.some((card) => card.id === id));
  const toggle = (id: string, value: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  const total =
    status === 'all' ? (cards.data?.pages[0]?.total ?? deck.card_count) : deck.card_count;

  return (
    <section aria-labelledby={CARDS_HEADING_ID} className="mt-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {/* tabIndex -1: the deck page's 'Skip to cards' link moves focus here. */}
        <h2
          id={CARDS_HEADING_ID}
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
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
          <CardList
            cards={shown}
            deckId={deck.id}
            selected={selected}
            onSelectedChange={toggle}
            onNearEnd={loadMore}
          />
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
