import { CalendarClock, Copy, GraduationCap, Layers, MoreVertical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { KeptOffline } from '../../offline/kept-offline';
import { pluralise } from '../../../../core/text';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import type { Deck } from '../api/get-decks';
import { useDuplicateDeck } from '../api/update-deck';
import { errorMessage, formatDate } from '../utils';
import { DeleteDeckDialog } from './delete-deck-dialog';

export function DeckCard({ deck }: { deck: Deck }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const lastStudied = formatDate(deck.last_studied_at);
  const due = deck.due_count;
  const duplicate = useDuplicateDeck();
  const duplicateDeck = () =>
    duplicate.mutate(deck.id, {
      onSuccess: (copy) =>
        toast.success('Deck Duplicated', { description: `"${copy.name}" is ready.` }),
      onError: (error) =>
        toast.error('Duplicate Failed', {
          description: errorMessage(error, 'Failed to duplicate deck.'),
        }),
    });

  return (
    <article className="group flex flex-col rounded-2xl border border-border bg-card p-5 shadow-sm transition-shadow hover:shadow-lg hover:shadow-primary/5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-lg leading-snug font-semibold wrap-anywhere">
          <Link to={`/deck/${deck.id}`} className="hover:text-primary">
            {deck.name}
          </Link>
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          {due > 0 ? (
            <span className="rounded-full bg-primary/15 px-2.5 py-1 text-xs font-semibold text-primary">
              {due} Due
            </span>
          ) : null}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Deck options for ${deck.name}`}>
                <MoreVertical aria-hidden="true" className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={duplicateDeck} disabled={duplicate.isPending}>
                <Copy aria-hidden="true" className="size-4" />
                Duplicate Deck
              </DropdownMenuItem>
              <DropdownMenuItem
                className="text-danger-text"
                onSelect={() => setConfirmDelete(true)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete Deck
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      <p className="mt-2 line-clamp-2 min-h-10 text-sm text-muted-foreground">
        {deck.description || 'No description'}
      </p>
      <dl className="mt-4 mb-5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {/* A dl's groups hold dt and dd only, so the icons sit inside the terms. Read once:
            'Cards: 12 cards', 'Last studied: Nov 3'. */}
        <div className="flex items-center gap-1.5">
          <dt>
            <Layers aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Cards</span>
          </dt>
          <dd>{pluralise(deck.card_count, 'card')}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="flex items-center gap-1.5">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            <span className={lastStudied ? undefined : 'sr-only'}>Last studied</span>
          </dt>
          <dd>{lastStudied ?? 'Not studied yet'}</dd>
        </div>
        <KeptOffline deckId={deck.id} />
      </dl>
      {/* mt-auto: the Open/Learn row sits at the bottom of a card beside a taller one. */}
      <div data-testid="deck-actions" className="mt-auto flex gap-2 border-t border-border pt-4">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to={`/deck/${deck.id}`}>Open</Link>
        </Button>
        {due > 0 ? (
          <Button asChild size="sm" className="flex-1">
            <Link to={`/deck/${deck.id}/learn`}>
              <GraduationCap aria-hidden="true" className="size-4" />
              Learn
            </Link>
          </Button>
        ) : null}
      </div>
      <DeleteDeckDialog deck={deck} open={confirmDelete} onOpenChange={setConfirmDelete} />
    </article>
  );
}
