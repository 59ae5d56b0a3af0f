import { describe, expect, it } from 'vitest';
import { pluralise, studyTime } from './text';

describe('pluralise', () => {
  it('says one thing in the singular and everything else in the plural', () => {
    expect(pluralise(1, 'session')).toBe('1 session');
    expect(pluralise(0, 'session')).toBe('0 sessions');
    expect(pluralise(2, 'day')).toBe('2 days');
    expect(pluralise(3, 'entry', 'entries')).toBe('3 entries');
  });
});

describe('studyTime', () => {
  it('says less than a minute instead of 0 minutes', () => {
    expect(studyTime(0)).toBe('Less than a minute');
    expect(studyTime(59)).toBe('Less than a minute');
    expect(studyTime(60)).toBe('1 minute');
    expect(studyTime(89)).toBe('1 minute');
    expect(studyTime(150)).toBe('3 minutes');
  });
});
