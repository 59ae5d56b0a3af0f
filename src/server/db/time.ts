import { now as clockNow } from '../clock';

/** What `Date.prototype.toISOString` writes for years 0000–9999: kept as it is. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Normalises a timestamp read from either database (Date from pg, text from SQLite) to ISO. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  // Text we wrote is already canonical; parsing it again cost a few µs per column read.
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

/** The value to write for a timestamp column (ISO text, which both databases accept). */
export function nowIso(now: Date = clockNow()): string {
  return now.toISOString();
}
