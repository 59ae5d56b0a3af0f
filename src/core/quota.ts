/**
 * Per-user quotas (issue 21): the bytes a user's stored files may take (uploads and media) and
 * the cards they may keep. Pure: the texts of the refusals and of Settings, and the usage the
 * API answers (`GET /api/usage`).
 */
import { z } from 'zod';

export const usageSchema = z.object({
  storage_bytes: z.number().int(),
  storage_quota_bytes: z.number().int(),
  cards: z.number().int(),
  card_quota: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

/** '0 bytes', '512 bytes', '12.3 MB', '1 GB' (powers of 1024, one decimal below 100). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} bytes`;
  const rounded = value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded.toLocaleString('en-US')} ${UNITS[unit]}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Refusals in the style of SPEC §5's 'File size exceeds 10MB limit'. */
export const QUOTA_MESSAGES = {
  storage: (used: number, adding: number, quota: number) =>
    `Storage exceeds your ${formatBytes(quota)} limit: you use ${formatBytes(used)} and this needs ${formatBytes(adding)} more`,
  cards: (used: number, adding: number, quota: number) =>
    `Card count exceeds your ${count(quota)} card limit: you have ${count(used)} and this adds ${count(adding)}`,
} as const;

export const QUOTA_CODES = {
  storage: 'STORAGE_QUOTA_EXCEEDED',
  cards: 'CARD_QUOTA_EXCEEDED',
} as const;

/** Settings' line: 'Storage: 12.3 MB of 1 GB · Cards: 1,234 of 100,000'. */
export function usageLine(usage: Usage): string {
  return `Storage: ${formatBytes(usage.storage_bytes)} of ${formatBytes(usage.storage_quota_bytes)} · Cards: ${count(usage.cards)} of ${count(usage.card_quota)}`;
}
