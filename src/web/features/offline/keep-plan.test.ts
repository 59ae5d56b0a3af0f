import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEEP_SETTINGS,
  fits,
  keepSettingsFrom,
  parseBudget,
  recentDeckIds,
} from './keep-plan';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const decks = [
  { id: 'old', last_studied_at: daysAgo(8) },
  { id: 'never', last_studied_at: null },
  { id: 'yesterday', last_studied_at: daysAgo(1) },
  { id: 'today', last_studied_at: daysAgo(0.1) },
  { id: 'week', last_studied_at: daysAgo(6.9) },
];

describe('the decks a device keeps for offline', () => {
  it('keeps the decks studied in the last 7 days by default, the latest first', () => {
    expect(recentDeckIds(decks, DEFAULT_KEEP_SETTINGS, NOW)).toEqual([
      'today',
      'yesterday',
      'week',
    ]);
  });

  it('leaves out a deck switched off, and all of them when keeping is off or the budget is 0', () => {
    const settings = { ...DEFAULT_KEEP_SETTINGS, excluded: ['yesterday'] };
    expect(recentDeckIds(decks, settings, NOW)).toEqual(['today', 'week']);
    expect(recentDeckIds(decks, { ...settings, keepRecent: false }, NOW)).toEqual([]);
    expect(recentDeckIds(decks, { ...settings, budgetMb: 0 }, NOW)).toEqual([]);
  });

  it('keeps a deck only while it fits in the budget with what is kept already', () => {
    const settings = { ...DEFAULT_KEEP_SETTINGS, budgetMb: 1 };
    expect(fits(0, 1024 * 1024, settings)).toBe(true);
    expect(fits(1, 1024 * 1024, settings)).toBe(false);
    expect(fits(512 * 1024, 100, settings)).toBe(true);
  });

  it('reads the budget typed in Settings and stored settings, with defaults for the rest', () => {
    expect(parseBudget(' 200 ')).toBe(200);
    expect(parseBudget('0')).toBe(0);
    expect(parseBudget('1.5')).toBeNull();
    expect(parseBudget('-1')).toBeNull();
    expect(parseBudget('10001')).toBeNull();
    expect(keepSettingsFrom(null)).toEqual(DEFAULT_KEEP_SETTINGS);
    expect(keepSettingsFrom({ budgetMb: 'a lot', keepRecent: false, excluded: ['d', 3] })).toEqual({
      keepRecent: false,
      budgetMb: 50,
      excluded: ['d'],
    });
  });
});
