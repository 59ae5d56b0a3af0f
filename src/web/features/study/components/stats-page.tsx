import { BarChart3, Brain, Flame, Target, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingMessage } from '../../../components/ui/spinner';
import { useDecks } from '../../decks/api/get-decks';
import { errorMessage } from '../../decks/utils';
import { type StudyStatistics, useStatistics } from '../api/study';

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
    <div className="rounded-2xl border border-border bg-card p-5 shadow-xs">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        {icon}
        {label}
      </div>
      <div className="mt-2 text-3xl font-bold tracking-tight">{value}</div>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A year of reviews per day, GitHub-style: weeks as columns, days as rows. */
export function Heatmap({ stats }: { stats: StudyStatistics }) {
  const counts = new Map(stats.reviews_per_day.map((day) => [day.date, day.count]));
  const to = dayOf(stats.range.to);
  const from = dayOf(stats.range.from);
  const start = new Date(from.getTime() - from.getUTCDay() * DAY_MS); // back to a Sunday
  const max = Math.max(1, ...counts.values());
  const cell = 12;
  const gap = 3;
  const cells: ReactNode[] = [];
  const months: ReactNode[] = [];
  let lastMonth = -1;
  for (let time = start.getTime(), index = 0; time <= to.getTime(); time += DAY_MS, index++) {
    const date = new Date(time).toISOString().slice(0, 10);
    const week = Math.floor(index / 7);
    const weekday = index % 7;
    const count = time < from.getTime() ? 0 : (counts.get(date) ?? 0);
    const level = count === 0 ? 0 : Math.ceil((count / max) * 4);
    const month = new Date(time).getUTCMonth();
    if (weekday === 0 && month !== lastMonth) {
      lastMonth = month;
      months.push(
        <text
          key={`m${date}`}
          x={30 + week * (cell + gap)}
          y={10}
          className="fill-muted-foreground text-[10px]"
        >
          {MONTHS[month]}
        </text>,
      );
    }
    cells.push(
      <rect
        key={date}
        x={30 + week * (cell + gap)}
        y={18 + weekday * (cell + gap)}
        width={cell}
        height={cell}
        rx={2.5}
        className={level === 0 ? 'fill-muted' : 'fill-primary'}
        fillOpacity={level === 0 ? 1 : 0.25 + level * 0.1875}
      >
        <title>{`${date}: ${count} ${count === 1 ? 'review' : 'reviews'}`}</title>
      </rect>,
    );
  }
  const weeks = Math.ceil(cells.length / 7);
  return (
    <div className="overflow-x-auto">
      <svg
        role="img"
        aria-label={`Reviews per day over the last year: ${stats.total_reviews} in all`}
        width={30 + weeks * (cell + gap)}
        height={18 + 7 * (cell + gap)}
      >
        {months}
        {['Mon', 'Wed', 'Fri'].map((label, index) => (
          <text
            key={label}
            x={0}
            y={18 + (index * 2 + 1) * (cell + gap) + 10}
            className="fill-muted-foreground text-[10px]"
          >
            {label}
          </text>
        ))}
        {cells}
      </svg>
    </div>
  );
}

/** Due cards per day for the next 30 days. */
export function Forecast({ stats }: { stats: StudyStatistics }) {
  const max = Math.max(1, ...stats.due_forecast.map((day) => day.count));
  const width = 22;
  const height = 140;
  return (
    <div className="overflow-x-auto">
      <svg
        role="img"
        aria-label="Cards due per day over the next 30 days"
        width={stats.due_forecast.length * width}
        height={height + 20}
      >
        {stats.due_forecast.map((day, index) => {
          const bar = Math.round((day.count / max) * height);
          return (
            <g key={day.date}>
              <rect
                x={index * width + 3}
                y={height - bar}
                width={width - 6}
                height={Math.max(bar, 1)}
                rx={3}
                className={day.count === 0 ? 'fill-muted' : 'fill-primary'}
              >
                <title>{`${day.date}: ${day.count} due`}</title>
              </rect>
              {index % 5 === 0 ? (
                <text
                  x={index * width + 2}
                  y={height + 14}
                  className="fill-muted-foreground text-[10px]"
                >
                  {index === 0 ? 'Today' : `+${index}d`}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

const STATES = [
  { key: 'new', label: 'New', className: 'bg-sky-500' },
  { key: 'learning', label: 'Learning', className: 'bg-amber-500' },
  { key: 'review', label: 'Review', className: 'bg-emerald-500' },
  { key: 'suspended', label: 'Suspended', className: 'bg-zinc-400' },
] as const;

/** /stats: streak, heatmap, retention, forecast and card states, overall or for one deck. */
export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const deckId = params.get('deck') ?? undefined;
  const decks = useDecks();
  const stats = useStatistics(deckId);
  const data = stats.data;
  const minutes = data ? Math.round(data.avg_session_duration / 60) : 0;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Statistics</h1>
          <p className="mt-1.5 text-muted-foreground">How your memory is doing, day by day.</p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Deck</span>
          <select
            aria-label="Deck"
            className="h-10 rounded-lg border border-input bg-background px-3 text-sm"
            value={deckId ?? ''}
            onChange={(event) =>
              setParams(event.target.value ? { deck: event.target.value } : {}, { replace: true })
            }
          >
            <option value="">All decks</option>
            {(decks.data ?? []).map((deck) => (
              <option key={deck.id} value={deck.id}>
                {deck.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stats.isPending ? (
        <LoadingMessage message="Loading statistics..." />
      ) : stats.isError || !data ? (
        <p role="alert" className="mt-8 rounded-xl bg-danger-bg p-4 text-danger-text">
          {errorMessage(stats.error, 'Could not load statistics.')}
        </p>
      ) : (
        <>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Tile
              icon={<Flame aria-hidden="true" className="size-4 text-orange-500" />}
              label="Current streak"
              value={`${data.current_streak} ${data.current_streak === 1 ? 'day' : 'days'}`}
              note={`Longest: ${data.longest_streak} ${data.longest_streak === 1 ? 'day' : 'days'}`}
            />
            <Tile
              icon={<Target aria-hidden="true" className="size-4 text-emerald-500" />}
              label="Retention (30 days)"
              value={data.retention_reviews === 0 ? '—' : `${data.retention_rate}%`}
              note={`${data.retention_reviews} reviews`}
            />
            <Tile
              icon={<Brain aria-hidden="true" className="size-4 text-primary" />}
              label="Cards studied"
              value={data.total_cards_studied}
              note={`${data.total_sessions} sessions · ${data.abandoned_sessions} abandoned`}
            />
            <Tile
              icon={<Timer aria-hidden="true" className="size-4 text-sky-500" />}
              label="Average session"
              value={`${minutes} min`}
              note={`${data.avg_cards_per_session} cards per session`}
            />
          </div>
          <section className="mt-6 rounded-2xl border border-border bg-card p-5 shadow-xs">
            <h2 className="font-semibold">Reviews per day</h2>
            <div className="mt-4">
              <Heatmap stats={data} />
            </div>
          </section>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <section className="rounded-2xl border border-border bg-card p-5 shadow-xs">
              <h2 className="flex items-center gap-2 font-semibold">
                <BarChart3 aria-hidden="true" className="size-4" />
                Due in the next 30 days
              </h2>
              <div className="mt-4">
                <Forecast stats={data} />
              </div>
            </section>
            <section className="rounded-2xl border border-border bg-card p-5 shadow-xs">
              <h2 className="font-semibold">Cards by state</h2>
              <div className="mt-4 flex h-3 overflow-hidden rounded-full bg-muted">
                {STATES.map((state) =>
                  data.total_cards > 0 && data.state_counts[state.key] > 0 ? (
                    <div
                      key={state.key}
                      className={state.className}
                      style={{
                        width: `${(data.state_counts[state.key] / data.total_cards) * 100}%`,
                      }}
                    />
                  ) : null,
                )}
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-3">
                {STATES.map((state) => (
                  <div key={state.key} className="flex items-center gap-2 text-sm">
                    <span className={`size-2.5 rounded-full ${state.className}`} />
                    <dt className="text-muted-foreground">{state.label}</dt>
                    <dd className="ml-auto font-semibold">{data.state_counts[state.key]}</dd>
                  </div>
                ))}
              </dl>
              <h3 className="mt-6 text-sm font-semibold">Answers</h3>
              <dl className="mt-2 grid grid-cols-4 gap-2 text-center">
                {(
                  [
                    ['Again', data.total_again],
                    ['Hard', data.total_hard],
                    ['Good', data.total_good],
                    ['Easy', data.total_easy],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-xl bg-muted/60 p-2">
                    <dt className="text-xs text-muted-foreground">{label}</dt>
                    <dd className="font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

/** The current streak, for the dashboard. */
export function StreakBadge() {
  const stats = useStatistics();
  if (!stats.data) return null;
  const streak = stats.data.current_streak;
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1 text-sm"
      title={stats.data.studied_today ? 'You studied today' : 'Study today to keep it going'}
    >
      <Flame
        aria-hidden="true"
        className={streak > 0 ? 'size-4 text-orange-500' : 'size-4 text-muted-foreground'}
      />
      {streak} day streak
    </span>
  );
}
