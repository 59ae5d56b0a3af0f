import type { StudyStatistics } from '../../api/study';

const STATES = [
  { key: 'new', label: 'New', className: 'bg-sky-500' },
  { key: 'learning', label: 'Learning', className: 'bg-amber-500' },
  { key: 'review', label: 'Review', className: 'bg-emerald-500' },
  { key: 'suspended', label: 'Suspended', className: 'bg-zinc-400' },
] as const;

/** Cards per state as a bar and a list, and the totals per answer. */
export function CardStates({ data }: { data: StudyStatistics }) {
  return (
    <section className="min-w-0 rounded-2xl border border-border bg-card p-5 shadow-xs">
      <h2 className="font-semibold">Cards by state</h2>
      <div className="mt-4 flex h-3 overflow-hidden rounded-full bg-muted">
        {STATES.map((state) =>
          data.total_cards > 0 && data.state_counts[state.key] > 0 ? (
            <div
              key={state.key}
              className={state.className}
              style={{ width: `${(data.state_counts[state.key] / data.total_cards) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {STATES.map((state) => (
          <div key={state.key} className="flex items-center gap-2 text-sm">
            {/* A dl's groups hold dt and dd only: the colour dot sits inside the term. */}
            <dt className="flex items-center gap-2 text-muted-foreground">
              <span aria-hidden="true" className={`size-2.5 rounded-full ${state.className}`} />
              {state.label}
            </dt>
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
          <div key={label} className="min-w-0 rounded-xl bg-muted/60 p-2">
            <dt className="truncate text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
