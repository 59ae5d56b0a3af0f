import { describe, expect, it } from 'vitest';
import { normalizeTags, TAG_MESSAGES, tagsFromColumn, tagsSchema, tagsToColumn } from './tags';

describe('tags', () => {
  it('splits on white space, drops empty and repeated tags (case-insensitively, first kept)', () => {
    expect(normalizeTags(['  biology  Cells', 'biology', 'lang::verbs\tcells'])).toEqual([
      'biology',
      'Cells',
      'lang::verbs',
    ]);
    expect(normalizeTags('')).toEqual([]);
  });

  it('round-trips through the stored column', () => {
    expect(tagsToColumn(['a', 'b', 'A'])).toBe('a b');
    expect(tagsFromColumn('a b')).toEqual(['a', 'b']);
    expect(tagsFromColumn('')).toEqual([]);
    expect(tagsFromColumn(null)).toEqual([]);
  });

  it('the API schema takes a list or a string and refuses what cannot be stored', () => {
    expect(tagsSchema.parse('x y')).toEqual(['x', 'y']);
    expect(tagsSchema.parse(['x', 'x'])).toEqual(['x']);
    const long = tagsSchema.safeParse(['a'.repeat(101)]);
    expect(long.success ? '' : long.error.issues[0]?.message).toBe(TAG_MESSAGES.tooLong);
    const many = tagsSchema.safeParse(Array.from({ length: 51 }, (_, i) => `t${i}`));
    expect(many.success ? '' : many.error.issues[0]?.message).toBe(TAG_MESSAGES.tooMany);
    expect(tagsSchema.safeParse(3).success).toBe(false);
  });
});
