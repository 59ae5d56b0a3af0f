import { Flame } from 'lucide-react';
import { useStatistics } from '../../api/study';

/** The current streak, for the dashboard: '1 day streak'; nothing before a first streak. */
export function StreakBadge() {
  const stats = useStatistics();
  if (!stats.data || stats.data.current_streak === 0) return null;
  const streak = stats.data.current_streak;
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1 text-sm"
      title={stats.data.studied_today ? 'You studied today' : 'Study today to keep it going'}
    >
      <Flame aria-hidden="true" className="size-4 text-orange-500" />
      {streak} day streak
    </span>
  );
}
