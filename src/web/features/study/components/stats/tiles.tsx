import { Brain, Flame, Target, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { pluralise, studyTime } from '../../../../../core/text';
import type { StudyStatistics } from '../../api/study';

function Tile({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  note?: string;
}) {
  return (
    <div className="min-w-0 rounded-2xl border border-border bg-card p-5 shadow-xs">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        {icon}
        {label}
      </div>
      <div className="mt-2 text-3xl font-bold tracking-tight">{value}</div>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

/** Streak, retention, cards studied and the average session. */
export function SummaryTiles({ data }: { data: StudyStatistics }) {
  return (
    <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Tile
        icon={<Flame aria-hidden="true" className="size-4 text-orange-500" />}
        label="Current streak"
        value={pluralise(data.current_streak, 'day')}
        note={`Longest: ${pluralise(data.longest_streak, 'day')}`}
      />
      <Tile
        icon={<Target aria-hidden="true" className="size-4 text-emerald-500" />}
        label="Retention (30 days)"
        value={data.retention_reviews === 0 ? '—' : `${data.retention_rate}%`}
        note={pluralise(data.retention_reviews, 'review')}
      />
      <Tile
        icon={<Brain aria-hidden="true" className="size-4 text-primary" />}
        label="Cards studied"
        value={data.total_cards_studied}
        note={`${pluralise(data.total_sessions, 'session')} · ${data.abandoned_sessions} abandoned`}
      />
      <Tile
        icon={<Timer aria-hidden="true" className="size-4 text-sky-500" />}
        label="Average session"
        value={data.total_sessions === 0 ? '—' : studyTime(data.avg_session_duration)}
        note={`${pluralise(data.avg_cards_per_session, 'card')} per session`}
      />
    </div>
  );
}
