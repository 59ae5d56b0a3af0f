import type { ReactNode } from 'react';
import { cn } from '../../../../lib/utils';

/**
 * A keyboard hint ('Space or Enter', '1'–'4'): hidden on touch screens, where there is no
 * keyboard to press (a primary pointer that is coarse and cannot hover).
 */
export function KeyHint({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      data-testid="key-hint"
      className={cn(
        'text-xs text-muted-foreground [@media(hover:none)_and_(pointer:coarse)]:hidden',
        className,
      )}
    >
      {children}
    </span>
  );
}
