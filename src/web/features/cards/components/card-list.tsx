import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Flashcard } from '../api/cards';
import { CardRow } from './card-row';

/**
 * 'Your Cards' (SPEC §2): at most 600px high, scrolling, virtualised (only the visible rows
 * are in the DOM, measured as they render), so 10,000 cards scroll smoothly; the deck page
 * loads the cards a page at a time as the end comes near.
 */
export function CardList({
  cards,
  deckId,
  selected,
  onSelectedChange,
  onNearEnd,
}: {
  cards: Flashcard[];
  deckId: string;
  selected: Set<string>;
  onSelectedChange: (id: string, selected: boolean) => void;
  /** Called when the rows shown come near the end of `cards` (to load the next page). */
  onNearEnd?: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 150,
    overscan: 6,
    getItemKey: (index) => cards[index]?.id ?? index,
  });
  // While more cards lie below the 600px window, the bottom edge fades out: a cut-off card then
  // reads as "scroll for more" rather than as a rendering fault.
  const [moreBelow, setMoreBelow] = useState(false);
  const totalSize = virtualizer.getTotalSize();
  const updateMoreBelow = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    setMoreBelow(element.scrollTop + element.clientHeight < element.scrollHeight - 4);
  }, []);
  useLayoutEffect(updateMoreBelow, [updateMoreBelow, totalSize]);
  const lastShown = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  useEffect(() => {
    if (lastShown >= cards.length - 20) onNearEnd?.();
  }, [lastShown, cards.length, onNearEnd]);
  return (
    <div
      ref={scroller}
      data-testid="card-list"
      className="max-h-[600px] overflow-y-auto rounded-xl"
      onScroll={updateMoreBelow}
      style={{
        contain: 'strict',
        height: Math.min(600, Math.max(1, totalSize)),
        maskImage: moreBelow
          ? 'linear-gradient(to bottom, #000 calc(100% - 56px), transparent)'
          : undefined,
      }}
    >
      <div className="relative w-full" style={{ height: totalSize }}>
        {virtualizer.getVirtualItems().map((item) => {
          const card = cards[item.index];
          if (!card) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full pb-3"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <CardRow
                card={card}
                deckId={deckId}
                selected={selected.has(card.id)}
                onSelectedChange={(value) => onSelectedChange(card.id, value)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
