import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from './text-import-cards';
import { IMPORT_MAX_COLUMNS, PLAN_MESSAGES, planTextImport } from './text-import-plan';
import { TEXT_IMPORT_MESSAGES } from './text-import';

describe('planTextImport', () => {
  it('answers the preview, the cards and the bad lines of a text', () => {
    const plan = planTextImport('hola\thello\n\tnothing\nadiós\tgoodbye\n');
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.cards.map((card) => card.front_content)).toEqual(['hola', 'adiós']);
    expect(plan.problems).toEqual([{ line: 2, message: TEXT_IMPORT_MESSAGES.emptyFront }]);
    expect(plan.preview).toMatchObject({ total_rows: 3, card_count: 2, column_count: 2 });
  });

  it('uses the mapping asked for, and refuses one naming a missing column', () => {
    const plan = planTextImport('a\tb\tc\n', { front: 3, back: 1, type: null, tags: null });
    expect(plan.ok && plan.cards[0]).toMatchObject({ front_content: 'c', back_content: 'a' });
    expect(planTextImport('a\tb\n', { front: 1, back: 4, type: null, tags: null })).toEqual({
      ok: false,
      code: 'BAD_MAPPING',
      message: IMPORT_MESSAGES.noSuchColumn('back', 4, 2),
    });
  });

  it(`refuses more than ${IMPORT_MAX_COLUMNS} columns (a wrong separator), at any width`, () => {
    const ok = Array.from({ length: IMPORT_MAX_COLUMNS }, (_, i) => `c${i}`).join(',');
    expect(planTextImport(`${ok}\n`).ok).toBe(true);
    expect(planTextImport(`${ok},one more\n`)).toEqual({
      ok: false,
      code: 'TOO_MANY_COLUMNS',
      message: PLAN_MESSAGES.tooManyColumns(IMPORT_MAX_COLUMNS + 1),
    });
    const wide = planTextImport(`${';'.repeat(500_000)}\n`);
    expect(wide.ok === false && wide.code).toBe('TOO_MANY_COLUMNS');
  });

  it('refuses an empty text and too many rows', () => {
    expect(planTextImport('#separator:Tab\n\n')).toMatchObject({ ok: false, code: 'NO_ROWS' });
    const rows = 'a\tb\n'.repeat(IMPORT_MAX_ROWS + 1);
    expect(planTextImport(rows)).toEqual({
      ok: false,
      code: 'TOO_MANY_ROWS',
      message: IMPORT_MESSAGES.tooManyRows,
    });
  });

  it('an unclosed quote says that the rest of the text cannot be read', () => {
    const plan = planTextImport('a\tb\n"open\tc\nd\te\n');
    expect(plan.ok && plan.problems).toEqual([
      { line: 2, message: TEXT_IMPORT_MESSAGES.unclosedQuote },
    ]);
  });
});

describe('a separator chosen in the preview (issue 20)', () => {
  it('re-reads the text, and a mapping that no longer fits gives way to the suggested one', () => {
    const plan = planTextImport('q1;a1,x\nq2;a2,y\n', {
      front: 1,
      back: 2,
      type: null,
      tags: null,
      separator: ';',
    });
    expect(plan.ok && plan.cards.map((card) => card.back_content)).toEqual(['a1,x', 'a2,y']);
    const single = planTextImport('q1;a1\nq2;a2\n', {
      front: 1,
      back: 3,
      type: null,
      tags: null,
      separator: '|',
    });
    expect(single.ok && single.preview.mapping).toMatchObject({ front: 1, separator: '|' });
  });
});
