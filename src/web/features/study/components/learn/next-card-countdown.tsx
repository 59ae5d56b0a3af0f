import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/ui/button';

/**
 * Past the last card while a requeued card is still to come (rated Again: back in 60 s): 'Next
 * card in 42 s' counting down, and 'Finish now'. At the time, the card joins (`onDue`) and shows.
 */
export function NextCardCountdown({
  until,
  onDue,
  onFinish,
}: {
  until: number;
  onDue: () => void;
  onFinish: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) onDue();
    }, 1000);
    return () => clearInterval(timer);
  }, [until, onDue]);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const wait = seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
  return (
    <div className="mt-8 rounded-3xl border border-border bg-card p-10 text-center shadow-sm">
      <Hourglass aria-hidden="true" className="mx-auto size-8 text-primary" />
      <p className="mt-3 text-lg font-semibold" role="timer" aria-live="off">
        Next card in {wait}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        A card you rated Again comes back once more before the session ends.
      </p>
      <Button variant="outline" className="mt-5" onClick={onFinish}>
        Finish now
      </Button>
    </div>
  );
}
