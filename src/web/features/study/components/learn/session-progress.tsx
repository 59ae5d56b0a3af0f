import { Cloud, CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { pluralise } from '../../../../../core/text';
import { cn } from '../../../../lib/utils';
import { onPendingChange } from '../../review-queue';

/** Whether the browser says it is online, following its changes. */
function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Whether the answers are saved; offline, that it is offline and how many answers wait. */
export function SyncIndicator() {
  const [pending, setPending] = useState(0);
  const online = useOnline();
  useEffect(() => onPendingChange(setPending), []);
  if (!online) {
    return (
      <span
        role="status"
        className="inline-flex items-center gap-1.5 text-xs text-amber-800 dark:text-amber-400"
      >
        <CloudOff aria-hidden="true" className="size-3.5" />
        {`Offline · ${pending === 1 ? '1 answer waits' : `${pending} answers wait`} to be sent`}
      </span>
    );
  }
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 text-xs',
        pending > 0 ? 'text-amber-800 dark:text-amber-400' : 'text-muted-foreground',
      )}
    >
      {pending > 0 ? (
        <CloudOff aria-hidden="true" className="size-3.5" />
      ) : (
        <Cloud aria-hidden="true" className="size-3.5" />
      )}
      {pending > 0 ? `${pluralise(pending, 'answer')} not yet saved` : 'All answers saved'}
    </span>
  );
}

/** 'Card X of Y', percent complete and the bar (the percent never drops when a card rejoins). */
export function SessionProgress({
  position,
  total,
  percent,
  label = 'Session progress',
}: {
  position: number;
  total: number;
  percent: number;
  label?: string;
}) {
  return (
    <div className="mt-6">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">
          Card {Math.min(position + 1, total)} of {total}
        </span>
        <span className="text-muted-foreground">{percent}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
