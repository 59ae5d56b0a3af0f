import type { StudyStatistics } from '../../api/study';

/** Reviews per day for the next 30 days (today: what a session now would hold). */
export function Forecast({ stats }: { stats: StudyStatistics }) {
  const max = Math.max(1, ...stats.due_forecast.map((day) => day.count));
  const width = 22;
  const height = 140;
  return (
    // A region that scrolls is a Tab stop, so the keyboard can scroll it (WCAG 2.1.1).
    <div
      role="region"
      aria-label="Cards due per day, scrollable"
      tabIndex={0}
      className="overflow-x-auto rounded-md"
    >
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
