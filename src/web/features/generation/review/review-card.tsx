import { Quote } from 'lucide-react';
import type { Flashcard } from '../../cards/api/cards';
import { Badge, CardSides } from '../../cards/components/card-parts';

const TYPE_LABELS: Record<Flashcard['card_type'], string> = {
  qa: 'Question & Answer',
  cloze: 'Fill in the Blank',
};

/**
 * One card under review, as the learn page shows it (type, front, then the answer) with both
 * sides open, and below it the passage of the source the card comes from.
 */
export function ReviewCard({
  card,
  kept,
  edited,
}: {
  card: Flashcard;
  kept: boolean;
  edited: boolean;
}) {
  return (
    <article
      aria-label="Card under review"
      className="mt-6 rounded-3xl border border-border bg-card shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-5 py-3 sm:px-6">
        <span className="text-xs font-semibold tracking-wide text-primary uppercase">
          {TYPE_LABELS[card.card_type]}
        </span>
        <span className="flex-1" />
        {edited ? <Badge>Edited</Badge> : null}
        {kept ? <Badge tone="accent">Kept</Badge> : null}
      </div>
      <CardSides
        card={card}
        className="px-5 py-6 text-lg wrap-anywhere sm:px-10 sm:py-8"
        backClassName="mt-6 border-t border-dashed border-border pt-6"
      />
      <figure className="border-t border-border bg-muted/40 px-5 py-4 sm:px-10">
        <figcaption className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
          <Quote aria-hidden="true" className="size-3.5" />
          Source passage
        </figcaption>
        {card.source_quote ? (
          <blockquote className="mt-2 border-l-2 border-primary/40 pl-3 text-sm wrap-anywhere text-muted-foreground italic">
            {card.source_quote}
          </blockquote>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">No passage was kept for this card.</p>
        )}
      </figure>
    </article>
  );
}
