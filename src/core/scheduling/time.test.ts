import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, HOUR_MS, localDate, localParts, studyDate, studyDayBounds } from './time';

describe('study days (4 am rollover, in the user zone)', () => {
  it('starts the day at 4 am local time', () => {
    const bounds = studyDayBounds(new Date('2026-06-15T10:00:00Z'), 'Europe/Paris');
    expect(bounds.date).toBe('2026-06-15');
    expect(bounds.start.toISOString()).toBe('2026-06-15T02:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-06-16T02:00:00.000Z');
  });

  it('counts 3 am as the day before', () => {
    // 03:30 in Kolkata (UTC+5:30) on the 15th is 22:00 UTC on the 14th.
    const now = new Date('2026-06-14T22:00:00Z');
    expect(localDate(now, 'Asia/Kolkata')).toBe('2026-06-15');
    expect(studyDate(now, 'Asia/Kolkata')).toBe('2026-06-14');
    const bounds = studyDayBounds(now, 'Asia/Kolkata');
    expect(bounds.start.toISOString()).toBe('2026-06-13T22:30:00.000Z');
  });

  it('has 23 and 25 hour days across DST changes', () => {
    const spring = studyDayBounds(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect((spring.end.getTime() - spring.start.getTime()) / HOUR_MS).toBe(24);
    // New York springs forward at 2 am on 8 March 2026: the day from 4 am on the 7th is 23 h.
    const before = studyDayBounds(new Date('2026-03-07T12:00:00Z'), 'America/New_York');
    expect((before.end.getTime() - before.start.getTime()) / HOUR_MS).toBe(23);
    // Auckland falls back on 5 April 2026 at 3 am: the day from 4 am on the 4th is 25 h.
    const fall = studyDayBounds(new Date('2026-04-04T12:00:00Z'), 'Pacific/Auckland');
    expect((fall.end.getTime() - fall.start.getTime()) / HOUR_MS).toBe(25);
  });

  it('property: now is inside its study day, which starts at 4:00 local', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01Z'),
          max: new Date('2030-12-31Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(
          'UTC',
          'Europe/Paris',
          'America/New_York',
          'Asia/Kolkata',
          'Pacific/Auckland',
          'Australia/Lord_Howe',
        ),
        (now, zone) => {
          const bounds = studyDayBounds(now, zone);
          expect(bounds.start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime()).toBeLessThan(bounds.end.getTime());
          expect(localDate(bounds.start, zone)).toBe(bounds.date);
          const hours = (bounds.end.getTime() - bounds.start.getTime()) / HOUR_MS;
          expect(hours).toBeGreaterThanOrEqual(23);
          expect(hours).toBeLessThanOrEqual(25);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('localParts (offsets kept by quarter hour)', () => {
  const zones = [
    'UTC',
    'Europe/Paris',
    'America/New_York',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Africa/Monrovia',
    'America/Sao_Paulo',
    'Pacific/Apia',
  ];
  const byIntl = (instant: Date, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(instant)
        .filter((part) => part.type !== 'literal')
        .map((part) => [part.type, Number(part.value)]),
    );
    return { ...parts, hour: parts.hour! % 24 };
  };

  it('answers what Intl answers, at any instant from 1900 to 2100, in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (time, zone) => {
          const instant = new Date(time);
          expect(localParts(instant, zone)).toEqual(byIntl(instant, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is right on both sides of a transition, at every second around it', () => {
    // New York springs forward at 07:00 UTC on 8 March 2026; Lord Howe moves half an hour.
    for (const [zone, at] of [
      ['America/New_York', Date.UTC(2026, 2, 8, 7)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15)],
      ['America/St_Johns', Date.UTC(2026, 10, 1, 4, 30)],
      // Monrovia left its offset of -0:44:30 at 00:44:30 UTC: inside a quarter hour.
      ['Africa/Monrovia', Date.UTC(1972, 0, 7, 0, 44, 30)],
    ] as const) {
      for (let second = -1200; second <= 1200; second += 7) {
        const instant = new Date(at + second * 1000);
        expect(localParts(instant, zone)).toEqual(byIntl(instant, zone));
      }
    }
  });
});
