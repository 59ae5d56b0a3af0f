import type { Rating } from '../../../../../core/scheduling';
import { CardAnswer, CardContent } from '../../../../components/card-content/card-content';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/utils';
import type { QueueCard } from '../../api/study';
import { KeyHint } from './key-hint';
import { RATINGS } from './ratings';

/** The card being studied: type, front, the answer once shown, and the four answer buttons. */
export function CardView({
  card,
  revealed,
  intervals,
  onReveal,
  onRate,
}: {
  card: QueueCard;
  revealed: boolean;
  intervals: (string | undefined)[];
  onReveal: () => void;
  onRate: (rating: Rating) => void;
}) {
  return (
    <div className="mt-8 rounded-3xl border border-border bg-card shadow-sm">
      <div className="border-b border-border px-6 py-3 text-xs font-semibold tracking-wide text-primary uppercase">
        {card.card_type === 'cloze' ? 'Fill in the Blank' : 'Question & Answer'}
      </div>
      <div className="min-h-40 px-6 py-8 text-lg sm:px-10">
        <CardContent
          content={card.front_content}
          cardType={card.card_type}
          side="front"
          activeNumber={card.cloze_number ?? undefined}
        />
        {revealed ? (
          <div className="mt-6 border-t border-dashed border-border pt-6" data-testid="answer">
            <CardAnswer
              front={card.front_content}
              back={card.back_content}
              cardType={card.card_type}
              activeNumber={card.cloze_number ?? undefined}
            />
          </div>
        ) : null}
      </div>
      <div className="border-t border-border p-4">
        {revealed ? (
          <AnswerButtons intervals={intervals} onRate={onRate} />
        ) : (
          <div className="flex flex-col items-center gap-1">
            <Button size="lg" className="w-full sm:w-64" onClick={onReveal}>
              Show Answer
            </Button>
            <KeyHint>Space or Enter</KeyHint>
          </div>
        )}
      </div>
    </div>
  );
}

function AnswerButtons({
  intervals,
  onRate,
}: {
  intervals: (string | undefined)[];
  onRate: (rating: Rating) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {RATINGS.map((item, index) => (
        <button
          key={item.rating}
          type="button"
          onClick={() => onRate(item.rating)}
          aria-keyshortcuts={item.key}
          className={cn(
            'flex flex-col items-center rounded-xl border border-border px-3 py-2.5 transition-colors',
            item.tone,
          )}
        >
          <span className="font-semibold">
            {intervals[index] ? `${item.label} (${intervals[index]})` : item.label}
          </span>
          <KeyHint>{item.key}</KeyHint>
        </button>
      ))}
    </div>
  );
}
