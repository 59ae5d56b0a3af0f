import { describe, expect, it } from 'vitest';
import { StatementNames } from './pg-prepared';

describe('StatementNames', () => {
  it('names a statement once it is hot, and keeps its name', () => {
    const names = new StatementNames();
    const text = 'update "decks" set "last_studied_at" = $1 where "user_id" = $2 and "id" = $3';
    const answers = Array.from({ length: 25 }, () => names.nameOf(text));
    expect(answers.slice(0, 19).every((name) => name === undefined)).toBe(true);
    expect(answers[19]).toBe('mnemo_1');
    expect(new Set(answers.slice(19))).toEqual(new Set(['mnemo_1']));
    const other = 'select "id" from "decks" where "user_id" = $1';
    for (let index = 0; index < 19; index++) names.nameOf(other);
    expect(names.nameOf(other)).toBe('mnemo_2');
  });

  it('never names a statement that selects every column', () => {
    const names = new StatementNames();
    for (const text of [
      'select * from "flashcards" where "id" = $1',
      'select "c".*, "s"."id" as "s__id" from "flashcards" as "c"',
      'select "id", "decks".* from "decks"',
      'insert into "decks" ("id") values ($1) returning *',
    ]) {
      for (let index = 0; index < 50; index++) expect(names.nameOf(text)).toBeUndefined();
    }
    const counting = 'select count(*) as "n" from "flashcards" where "deck_id" = $1';
    const answers = Array.from({ length: 20 }, () => names.nameOf(counting));
    expect(answers.at(-1)).toBe('mnemo_1');
  });

  it('names at most 200 statements', () => {
    const names = new StatementNames();
    let named = 0;
    for (let statement = 0; statement < 300; statement++) {
      for (let index = 0; index < 20; index++) {
        if (names.nameOf(`select ${statement}`) && index === 19) named += 1;
      }
    }
    expect(named).toBe(200);
  });
});
