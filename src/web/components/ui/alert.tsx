import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** The red error box (SPEC §2, §8) and its green sibling for confirmations. */
export function Alert({
  variant = 'error',
  children,
  className,
}: {
  variant?: 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const error = variant === 'error';
  const Icon = error ? AlertCircle : CheckCircle2;
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm',
        error
          ? 'border-danger-border bg-danger-bg text-danger-text'
          : 'border-success/40 bg-success/10 text-foreground',
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', !error && 'text-success')} />
      <div className="min-w-0 wrap-anywhere">{children}</div>
    </div>
  );
}
