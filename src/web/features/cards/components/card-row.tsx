import { Pencil, Quote, Trash2 } from 'lucide-react';
import { clozeNumbers } from '../../../../core/card-content/cloze';
import { clozeLabel } from '../../../../core/card-content/cloze-siblings';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/utils';
import { formatDate } from '../../decks/utils';
import type { Flashcard } from '../api/cards';
import { CardForm } from './card-form';
import { Badge, CardSides } from './card-parts';
import { ClozeRemovalDialog } from './cloze-removal-dialog';
import { CardStatusButtons, StatusBadges } from './card-status';
import { useDeleteCard, useSaveCard } from './use-card-actions';

const STATE_LABELS: Record<Flashcard['card_state'], string> = {
  new: 'New',
  learning: 'Learning',
  review: 'Review',
  suspended: 'Suspended',
};

/**
 * When a learning card is due: within the hour 'in 10 min', within a day its time ('14:32'),
 * later its date. A learning step is minutes, so the date alone says nothing.
 */
export function learningDue(iso: string, now = Date.now()): string | null {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return null;
  const minutes = Math.ceil((at - now) / 60_000);
  if (minutes <= 0) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  if (minutes < 24 * 60) {
    return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  }
  return formatDate(iso);
}

/** One card of 'Your Cards': badges, rendered front and back, inline edit and delete. */
export function CardRow({
  card,
  deckId,
  selected,
  onSelectedChange,
}: {
  card: Flashcard;
  deckId: string;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showSource, setShowSource] = useState(false);
  const saveCard = useSaveCard(deckId);
  const deleteCard = useDeleteCard(deckId);
  const siblings =
    card.card_type === 'cloze' && card.note_id !== null
      ? clozeNumbers(card.front_content).length
      : 1;

  if (editing) {
    return (
      <div className="rounded-xl border border-primary/40 bg-card p-4 shadow-sm">
        <CardForm
          autoFocus
          initial={{
            card_type: card.card_type,
            front_content: card.front_content,
            back_content: card.back_content ?? '',
            tags: card.tags,
          }}
          pending={saveCard.pending}
          submitLabel="Save"
          pendingLabel="Saving..."
          cancel={
            <Button variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          }
          onSubmit={(input) => saveCard.save(card.id, input, () => setEditing(false))}
        />
        <ClozeRemovalDialog removal={saveCard.removal} pending={saveCard.pending} />
      </div>
    );
  }

  const due =
    card.card_state === 'learning' ? learningDue(card.due_date) : formatDate(card.due_date);
  return (
    <article
      aria-label={`Card: ${card.front_content.slice(0, 80)}`}
      className={cn(
        'group rounded-xl border bg-card p-4 shadow-xs transition-colors',
        selected ? 'border-primary/60 bg-primary/5' : 'border-border',
      )}
    >
      {/* On a phone the actions go below the text, which keeps the row's width. */}
      <div className="flex items-start gap-3 max-sm:flex-wrap">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-[var(--color-primary)]"
          aria-label="Select card"
          checked={selected}
          onChange={(event) => onSelectedChange(event.target.checked)}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone="primary">
              {card.card_type !== 'cloze'
                ? 'Q&A'
                : card.cloze_number === null
                  ? 'Cloze'
                  : clozeLabel(card.cloze_number, card.front_content)}
            </Badge>
            {card.source_job_id ? (
              // SPEC's word for it is 'New'; beside 'Review · due …' that read as a contradiction.
              <Badge tone="accent" title="New: made by a generation">
                Generated
              </Badge>
            ) : null}
            {card.is_edited ? <Badge>Edited</Badge> : null}
            <StatusBadges card={card} />
            {card.tags.map((tag) => (
              <span
                key={tag}
                className="rounded-full border border-border px-2 py-0.5 text-xs text-muted-foreground"
              >
                #{tag}
              </span>
            ))}
            {card.card_state !== 'new' && card.card_state !== 'suspended' ? (
              <span className="text-xs text-muted-foreground">
                {STATE_LABELS[card.card_state]}
                {due ? (due.startsWith('in ') ? ` · ${due}` : ` · due ${due}`) : ''}
              </span>
            ) : null}
          </div>
          <CardSides
            card={card}
            className="mt-3 grid gap-3 sm:grid-cols-2"
            textClassName="text-sm"
            answerClassName="text-muted-foreground"
          />
          {card.source_quote && showSource ? (
            <blockquote className="mt-3 border-l-2 border-primary/40 pl-3 text-xs text-muted-foreground italic">
              {card.source_quote}
            </blockquote>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-0.5 opacity-70 group-hover:opacity-100 max-sm:basis-full max-sm:justify-end max-sm:opacity-100">
          {card.source_quote ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={showSource ? 'Hide source passage' : 'Show source passage'}
              aria-pressed={showSource}
              onClick={() => setShowSource((value) => !value)}
            >
              <Quote aria-hidden="true" className="size-4" />
            </Button>
          ) : (
            // Keeps every row's actions as wide, so the Back column lines up (issue 19).
            <span aria-hidden="true" data-testid="action-spacer" className="size-9 max-sm:hidden" />
          )}
          <CardStatusButtons card={card} deckId={deckId} />
          <Button
            variant="ghost"
            size="icon"
            aria-label="Edit card"
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Delete card"
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this card?"
        description={
          siblings > 1
            ? `This action cannot be undone. As in Anki, the whole cloze note goes: its ${siblings} cards and their review history will be deleted.`
            : 'This action cannot be undone. The card and its review history will be deleted.'
        }
        confirmLabel="Delete Card"
        pending={deleteCard.pending}
        onConfirm={() => deleteCard.remove(card.id, { onDeleted: () => setConfirmDelete(false) })}
      />
    </article>
  );
}
