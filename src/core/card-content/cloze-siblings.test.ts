import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clozeLabel, clozeRemovalMessage, planClozeSiblings } from './cloze-siblings';

describe('planClozeSiblings', () => {
  it('a new note gets one card per distinct number', () => {
    expect(planClozeSiblings([], '{{c2::b}} {{c1::a}} {{c2::c}}')).toEqual({
      keep: [],
      add: [1, 2],
      remove: [],
    });
  });

  it('adding c3 adds a card and keeps the others', () => {
    expect(planClozeSiblings([1, 2], '{{c1::a}} {{c2::b}} {{c3::c}}')).toEqual({
      keep: [1, 2],
      add: [3],
      remove: [],
    });
  });

  it('removing c2 removes its card only', () => {
    expect(planClozeSiblings([2, 1, 3], '{{c1::a}} b {{c3::c}}')).toEqual({
      keep: [1, 3],
      add: [],
      remove: [2],
    });
  });

  it('renumbering removes the old number and adds the new one', () => {
    expect(planClozeSiblings([1], '{{c2::a}}')).toEqual({ keep: [], add: [2], remove: [1] });
  });

  it('a note that stops being a cloze keeps no sibling', () => {
    expect(planClozeSiblings([1, 2], null)).toEqual({ keep: [], add: [], remove: [1, 2] });
  });

  it('text edits that keep the numbers change no card', () => {
    expect(planClozeSiblings([1, 2], '{{c1::x::hint}} and {{c2::y}}')).toEqual({
      keep: [1, 2],
      add: [],
      remove: [],
    });
  });

  it('keep, add and remove partition old ∪ new', () => {
    const numbers = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 8 });
    fc.assert(
      fc.property(numbers, numbers, (before, after) => {
        const text = after.map((n) => `{{c${n}::w${n}}}`).join(' ');
        const plan = planClozeSiblings(before, text);
        expect([...plan.keep, ...plan.add].sort((a, b) => a - b)).toEqual(
          [...after].sort((a, b) => a - b),
        );
        expect([...plan.keep, ...plan.remove].sort((a, b) => a - b)).toEqual(
          [...before].sort((a, b) => a - b),
        );
        for (const n of plan.add) expect(before).not.toContain(n);
        for (const n of plan.remove) expect(after).not.toContain(n);
      }),
    );
  });
});

describe('clozeRemovalMessage', () => {
  it('names what would go', () => {
    expect(clozeRemovalMessage([2])).toBe(
      'This edit removes cloze 2 and its card with its review history. Confirm to continue.',
    );
    expect(clozeRemovalMessage([2, 3])).toBe(
      'This edit removes clozes 2 and 3 and their 2 cards with their review history. Confirm to continue.',
    );
    expect(clozeRemovalMessage([1, 2, 4])).toContain('clozes 1, 2 and 4 and their 3 cards');
  });
});

describe('clozeLabel', () => {
  it('says which deletion of how many', () => {
    expect(clozeLabel(2, '{{c1::a}} {{c2::b}} {{c3::c}}')).toBe('Cloze 2 of 3');
    expect(clozeLabel(4, '{{c1::a}} {{c4::b}}')).toBe('Cloze 4');
    expect(clozeLabel(1, 'only {{c1::one}}')).toBe('Cloze');
  });
});
