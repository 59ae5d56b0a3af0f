import { Moon, Pause, Play, Sun } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { errorMessage } from '../../decks/utils';
import type { Flashcard } from '../api/cards';
import { type CardStatusAction, useBulkSuspend, useCardStatus } from '../api/card-status';

/** The card list's status filter (Anki's browser: is:suspended, is:buried, leeches). */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All cards' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'buried', label: 'Buried' },
  { value: 'leech', label: 'Leeches' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

export const isBuriedNow = (card: Flashcard, now = Date.now()) =>
  card.buried_until !== null && new Date(card.buried_until).getTime() > now;

export function matchesStatus(card: Flashcard, filter: StatusFilter, now = Date.now()) {
  if (filter === 'suspended') return card.card_state === 'suspended';
  if (filter === 'buried') return isBuriedNow(card, now);
  if (filter === 'leech') return card.is_leech;
  return true;
}

export function StatusFilterSelect({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
}) {
  return (
    <select
      aria-label="Show cards"
      className="h-9 rounded-md border border-input bg-background px-2 text-sm"
      value={value}
      onChange={(event) => onChange(event.target.value as StatusFilter)}
    >
      {STATUS_FILTERS.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </select>
  );
}

function StatusBadge({ children, tone }: { children: string; tone: 'amber' | 'sky' | 'red' }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'amber' && 'bg-amber-500/15 text-amber-800 dark:text-amber-400',
        tone === 'sky' && 'bg-sky-500/15 text-sky-700 dark:text-sky-400',
        tone === 'red' && 'bg-red-500/15 text-red-700 dark:text-red-400',
      )}
    >
      {children}
    </span>
  );
}

/** Suspended / Buried / Leech badges of a card row. */
export function StatusBadges({ card }: { card: Flashcard }) {
  return (
    <>
      {card.card_state === 'suspended' ? <StatusBadge tone="amber">Suspended</StatusBadge> : null}
      {isBuriedNow(card) ? <StatusBadge tone="sky">Buried</StatusBadge> : null}
      {card.is_leech ? <StatusBadge tone="red">Leech</StatusBadge> : null}
    </>
  );
}

const DONE: Record<CardStatusAction, string> = {
  suspend: 'Card Suspended',
  unsuspend: 'Card Unsuspended',
  bury: 'Card Buried',
  unbury: 'Card Unburied',
};

/** A row's suspend/unsuspend and bury/unbury buttons. */
export function CardStatusButtons({ card, deckId }: { card: Flashcard; deckId: string }) {
  const status = useCardStatus(deckId);
  const run = (action: CardStatusAction) =>
    status.mutate(
      { id: card.id, action },
      {
        onSuccess: () =>
          toast.success(DONE[action], {
            description:
              action === 'bury' ? 'It comes back at the start of your next study day.' : undefined,
          }),
        onError: (error) =>
          toast.error('Update Failed', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  const suspended = card.card_state === 'suspended';
  const buried = isBuriedNow(card);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={suspended ? 'Unsuspend card' : 'Suspend card'}
        title={suspended ? 'Unsuspend' : 'Suspend'}
        disabled={status.isPending}
        onClick={() => run(suspended ? 'unsuspend' : 'suspend')}
      >
        {suspended ? (
          <Play aria-hidden="true" className="size-4" />
        ) : (
          <Pause aria-hidden="true" className="size-4" />
        )}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={buried ? 'Unbury card' : 'Bury until tomorrow'}
        title={buried ? 'Unbury' : 'Bury until tomorrow'}
        disabled={status.isPending}
        onClick={() => run(buried ? 'unbury' : 'bury')}
      >
        {buried ? (
          <Sun aria-hidden="true" className="size-4" />
        ) : (
          <Moon aria-hidden="true" className="size-4" />
        )}
      </Button>
    </>
  );
}

/** The selection toolbar's Suspend and Unsuspend (all or nothing, as bulk delete). */
export function BulkSuspendButtons({
  deckId,
  ids,
  onDone,
}: {
  deckId: string;
  ids: string[];
  onDone: () => void;
}) {
  const bulk = useBulkSuspend(deckId);
  const run = (suspended: boolean) =>
    bulk.mutate(
      { ids, suspended },
      {
        onSuccess: () => {
          toast.success(suspended ? 'Cards Suspended' : 'Cards Unsuspended', {
            description: `${ids.length} card${ids.length === 1 ? '' : 's'} ${suspended ? 'suspended' : 'unsuspended'}.`,
          });
          onDone();
        },
        onError: (error) =>
          toast.error('Update Failed', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <>
      <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => run(true)}>
        <Pause aria-hidden="true" className="size-3.5" />
        Suspend
      </Button>
      <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => run(false)}>
        <Play aria-hidden="true" className="size-3.5" />
        Unsuspend
      </Button>
    </>
  );
}
