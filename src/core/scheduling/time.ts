/** Time helpers for the scheduler and statistics: pure, `now` always passed in. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The hour (local time) at which a new study day starts, as in Anki. */
export const STUDY_DAY_ROLLOVER_HOUR = 4;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

/** The wall-clock date and time of an instant in a time zone, asked of Intl (slow). */
function formattedParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone from UTC at an instant by Intl, in milliseconds (east positive). */
function formattedOffset(instant: Date, timeZone: string): number {
  const local = formattedParts(instant, timeZone);
  const asUtc = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * Offsets by zone and quarter hour. Intl's `formatToParts` costs microseconds and every request
 * with a study day asks for several; a zone's offset changes only at its transitions, so an
 * offset seen at both ends of a quarter hour holds for all of it. A quarter hour that holds a
 * transition (or a fractional-second offset) is never kept: it is asked of Intl each time.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSET_CACHE_SIZE = 20_000;
const offsets = new Map<string, number>();

/** Offset of the zone from UTC at an instant, in milliseconds (east positive). */
function offsetAt(instant: Date, timeZone: string): number {
  const time = instant.getTime();
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const start = quarter * QUARTER_HOUR_MS;
  const first = formattedOffset(new Date(start), timeZone);
  const last = formattedOffset(new Date(start + QUARTER_HOUR_MS - 1000), timeZone);
  if (first !== last || first % 1000 !== 0) return formattedOffset(instant, timeZone);
  if (offsets.size >= OFFSET_CACHE_SIZE) offsets.clear();
  offsets.set(key, first);
  return first;
}

/** The wall-clock date and time of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetAt(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * The instant when the wall clock of `timeZone` shows the given local time. When a DST change
 * skips that time, the instant just after the gap; when it repeats, the first one.
 */
export function zonedTimeToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  let guess = wall - offsetAt(new Date(wall), timeZone);
  guess = wall - offsetAt(new Date(guess), timeZone);
  const candidate = new Date(guess);
  const earlier = new Date(guess - HOUR_MS);
  // Prefer the first of two instants showing the same wall time (DST fall-back).
  if (wall - offsetAt(earlier, timeZone) === earlier.getTime()) return earlier;
  return candidate;
}

/** A calendar date 'YYYY-MM-DD' plus `days` (pure calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return next.toISOString().slice(0, 10);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar date 'YYYY-MM-DD' of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const local = localParts(instant, timeZone);
  return `${local.year}-${pad(local.month)}-${pad(local.day)}`;
}

/**
 * The study day an instant belongs to, as 'YYYY-MM-DD': the local date, except that the hours
 * before the rollover (4 am) still belong to the day before, as in Anki.
 */
export function studyDate(
  instant: Date,
  timeZone: string,
  rolloverHour = STUDY_DAY_ROLLOVER_HOUR,
): string {
  const local = localParts(instant, timeZone);
  const date = `${local.year}-${pad(local.month)}-${pad(local.day)}`;
  return local.hour < rolloverHour ? addDays(date, -1) : date;
}

/**
 * The user's current study day in their zone: from `rolloverHour` local time to the next
 * day's `rolloverHour` (23, 24 or 25 hours long across DST changes).
 */
export function studyDayBounds(
  now: Date,
  timeZone: string,
  rolloverHour = STUDY_DAY_ROLLOVER_HOUR,
): { date: string; start: Date; end: Date } {
  const date = studyDate(now, timeZone, rolloverHour);
  const next = addDays(date, 1);
  const [y1, m1, d1] = date.split('-').map(Number);
  const [y2, m2, d2] = next.split('-').map(Number);
  return {
    date,
    start: zonedTimeToInstant(y1 ?? 1970, m1 ?? 1, d1 ?? 1, rolloverHour, timeZone),
    end: zonedTimeToInstant(y2 ?? 1970, m2 ?? 1, d2 ?? 1, rolloverHour, timeZone),
  };
}

/** The instant a study day 'YYYY-MM-DD' starts (the rollover hour, local time). */
export function studyDayStart(
  date: string,
  timeZone: string,
  rolloverHour = STUDY_DAY_ROLLOVER_HOUR,
): Date {
  const [year, month, day] = date.split('-').map(Number);
  return zonedTimeToInstant(year ?? 1970, month ?? 1, day ?? 1, rolloverHour, timeZone);
}

/** Whole study days from the study day of `from` to that of `to` (negative when earlier). */
export function studyDaysBetween(from: Date, to: Date, timeZone: string): number {
  const start = new Date(`${studyDate(from, timeZone)}T00:00:00Z`).getTime();
  const end = new Date(`${studyDate(to, timeZone)}T00:00:00Z`).getTime();
  return Math.round((end - start) / DAY_MS);
}

/**
 * When an interval of `days` study days given at `now` falls due: the start of that study day
 * (as in Anki, a card due 'tomorrow' is shown from tomorrow's 4 am, not 24 hours later).
 */
export function dueAfterStudyDays(now: Date, days: number, timeZone: string): Date {
  return studyDayStart(addDays(studyDate(now, timeZone), days), timeZone);
}

/**
 * The study-day clock: the zone's wall clock moved back by the rollover hour, read as UTC, so
 * that its UTC calendar date is the study date. A scheduler that counts days by UTC calendar
 * dates (ts-fsrs) counts study days when given these instants.
 */
export function toStudyClock(
  instant: Date,
  timeZone: string,
  rolloverHour = STUDY_DAY_ROLLOVER_HOUR,
): Date {
  const local = localParts(instant, timeZone);
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
    ((instant.getTime() % 1000) + 1000) % 1000,
  );
  return new Date(wall - rolloverHour * HOUR_MS);
}
