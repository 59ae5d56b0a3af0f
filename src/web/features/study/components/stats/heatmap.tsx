import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { pluralise } from '../../../../../core/text';
import type { StudyStatistics } from '../../api/study';

const DAY_MS = 86_400_000;
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A year of reviews per day, GitHub-style: weeks as columns, days as rows. */
export function Heatmap({ stats }: { stats: StudyStatistics }) {
  // Opens on the newest weeks (the right end); older months are a scroll to the left.
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [stats]);
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
        <title>{`${date}: ${pluralise(count, 'review')}`}</title>
      </rect>,
    );
  }
  const weeks = Math.ceil(cells.length / 7);
  return (
    // A region that scrolls is a Tab stop, so the keyboard can scroll it (WCAG 2.1.1).
    <div
      ref={scroller}
      data-testid="heatmap-scroller"
      role="region"
      aria-label="Reviews per day, scrollable"
      tabIndex={0}
      className="overflow-x-auto rounded-md"
    >
      <svg
        role="img"
        aria-label={`Reviews per day over the last year: ${stats.total_reviews} in all`}
        // Fills its card on a wide screen (scaled), scrolls on a narrow one (issue 19).
        viewBox={`0 0 ${30 + weeks * (cell + gap)} ${18 + 7 * (cell + gap)}`}
        className="block h-auto w-full"
        style={{ minWidth: 30 + weeks * (cell + gap), maxHeight: 2 * (18 + 7 * (cell + gap)) }}
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
