import { CardAnswer, CardContent } from '../../../components/card-content/card-content';
import { cn } from '../../../lib/utils';
import type { Flashcard } from '../api/cards';

export function Badge({
  children,
  tone = 'muted',
  title,
}: {
  children: string;
  tone?: 'muted' | 'primary' | 'accent';
  title?: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'primary' && 'bg-primary/15 text-primary',
        tone === 'accent' && 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-400',
        tone === 'muted' && 'bg-muted text-muted-foreground',
      )}
    >
      {children}
    </span>
  );
}

const SIDE_LABEL = 'text-[0.7rem] font-semibold tracking-wide text-muted-foreground uppercase';

/**
 * A card's front and back, each under its label, rendered as cards are everywhere: a cloze
 * sibling blanks and highlights only its own deletion (`cloze_number`).
 */
export function CardSides({
  card,
  className,
  textClassName,
  backClassName,
  answerClassName,
}: {
  card: Pick<Flashcard, 'card_type' | 'front_content' | 'back_content'> &
    Partial<Pick<Flashcard, 'cloze_number'>>;
  className?: string;
  /** Both sides' text. */
  textClassName?: string;
  /** The back's box (a rule above it, say). */
  backClassName?: string;
  /** The back's text. */
  answerClassName?: string;
}) {
  return (
    <div className={className}>
      <div>
        <p className={SIDE_LABEL}>Front</p>
        <CardContent
          className={cn('mt-1', textClassName)}
          content={card.front_content}
          cardType={card.card_type}
          side="front"
          activeNumber={card.cloze_number ?? undefined}
        />
      </div>
      <div className={backClassName}>
        <p className={SIDE_LABEL}>Back</p>
        <CardAnswer
          className={cn('mt-1', textClassName, answerClassName)}
          front={card.front_content}
          back={card.back_content}
          cardType={card.card_type}
          activeNumber={card.cloze_number ?? undefined}
        />
      </div>
    </div>
  );
}
