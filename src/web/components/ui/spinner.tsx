import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/** A centred loading message; `fullScreen` covers the viewport (route guard, SPEC §2). */
export function LoadingMessage({
  message = 'Loading...',
  fullScreen = false,
}: {
  message?: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-muted-foreground',
        fullScreen ? 'fixed inset-0 z-50 bg-background' : 'min-h-[40vh] py-12',
      )}
    >
      <Spinner className="size-6 text-primary" />
      <p className="text-sm">{message}</p>
    </div>
  );
}
