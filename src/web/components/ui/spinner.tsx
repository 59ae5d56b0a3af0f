import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/**
 * A centred loading message; `fullScreen` covers the viewport (route guard, SPEC §2). `page`:
 * it stands in for a whole page's content, so it is a screen tall: the footer starts below the
 * fold and does not jump when the page replaces it (a layout shift of 0.115 on a phone before).
 */
export function LoadingMessage({
  message = 'Loading...',
  fullScreen = false,
  page = false,
}: {
  message?: string;
  fullScreen?: boolean;
  page?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-muted-foreground',
        fullScreen
          ? 'fixed inset-0 z-50 bg-background'
          : page
            ? 'min-h-screen py-12'
            : 'min-h-[40vh] py-12',
      )}
    >
      <Spinner className="size-6 text-primary" />
      <p className="text-sm">{message}</p>
    </div>
  );
}
