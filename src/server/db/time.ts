import { now as clockNow } from '../clock';

/** Normalises a timestamp read from either database (Date from pg, text from SQLite) to ISO. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The value to write for a timestamp column (ISO text, which both databases accept). */
export function nowIso(now: Date = clockNow()): string {
  return now.toISOString();
}
