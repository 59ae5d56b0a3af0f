import { useEffect, useMemo } from 'react';
import { plainTextOf, renderCardWith } from '../../../core/card-content/render-markdown';
import { cn } from '../../lib/utils';
import './card-content.css';
import { loadMath, useMathEngine } from './math';

export interface CardContentProps {
  /** The card's front or back, as stored (Markdown, math, cloze). */
  content: string;
  cardType: 'qa' | 'cloze';
  /** For cloze cards: the front hides the answers, the back highlights them. */
  side: 'front' | 'back';
  /** The cloze number being studied (all deletions when omitted). */
  activeNumber?: number;
  className?: string;
}

/**
 * Card content rendered through src/core/card-content: Markdown, KaTeX math and code, with
 * cloze deletions per side. The HTML is sanitised there (no script, no event attribute, no
 * remote content), so it is the only place Mnemo sets HTML directly. KaTeX loads when the first
 * card with maths renders (its TeX source shows meanwhile).
 */
export function CardContent({
  content,
  cardType,
  side,
  activeNumber,
  className,
}: CardContentProps) {
  const math = useMathEngine();
  const { html, usesMath } = useMemo(() => {
    if (cardType !== 'cloze') return renderCardWith(math, content);
    // A cloze card's back holds the full text without blanks (SPEC §5); with deletions in it
    // (older or hand-made cards) they are highlighted.
    return renderCardWith(math, content, { cloze: side, activeNumber });
  }, [math, content, cardType, side, activeNumber]);
  useEffect(() => {
    if (usesMath && !math) void loadMath();
  }, [usesMath, math]);
  return (
    <div
      className={cn('card-content', className)}
      // Sanitised by renderCardHtml (see above): the one place Mnemo sets HTML.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export interface CardAnswerProps {
  front: string;
  back: string | null;
  cardType: 'qa' | 'cloze';
  activeNumber?: number;
  className?: string;
}

/**
 * A card's answer side. Q&A: the back. Cloze (docs/decisions/0003-cloze-cards.md): the front's
 * full text with the answers highlighted, then the stored back only when it says more than that
 * full text (notes added to it).
 */
export function CardAnswer({ front, back, cardType, activeNumber, className }: CardAnswerProps) {
  const extra = useMemo(() => {
    if (cardType !== 'cloze' || !back?.trim()) return false;
    return plainTextOf(back) !== plainTextOf(front);
  }, [front, back, cardType]);
  if (cardType !== 'cloze') {
    return <CardContent className={className} content={back ?? ''} cardType="qa" side="back" />;
  }
  return (
    <div className={className}>
      <CardContent content={front} cardType="cloze" side="back" activeNumber={activeNumber} />
      {extra ? (
        <CardContent
          className="mt-2 border-t border-dashed border-border pt-2"
          content={back ?? ''}
          cardType="cloze"
          side="back"
          activeNumber={activeNumber}
        />
      ) : null}
    </div>
  );
}
