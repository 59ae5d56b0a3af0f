import 'katex/dist/katex.min.css';
import { useMemo } from 'react';
import { renderCardHtml } from '../../../core/card-content';
import { cn } from '../../lib/utils';
import './card-content.css';

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
 * remote content), so it is the only place Mnemo sets HTML directly.
 */
export function CardContent({
  content,
  cardType,
  side,
  activeNumber,
  className,
}: CardContentProps) {
  const html = useMemo(() => {
    if (cardType !== 'cloze') return renderCardHtml(content);
    // A cloze card's back holds the full text without blanks (SPEC §5); with deletions in it
    // (older or hand-made cards) they are highlighted.
    return renderCardHtml(content, { cloze: side, activeNumber });
  }, [content, cardType, side, activeNumber]);
  return (
    <div
      className={cn('card-content', className)}
      // Sanitised by renderCardHtml (see above): the one place Mnemo sets HTML.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
