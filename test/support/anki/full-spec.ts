/** A package with every stock note type, nested decks, tags, scheduling and a revlog. */
import { type FixtureSpec, STOCK } from './test-packages';

export const DAY = 86_400;
export const CRT = 1_700_000_000;

export function fullSpec(generation: FixtureSpec['generation']): FixtureSpec {
  return {
    generation,
    crt: CRT,
    noteTypes: [STOCK.basic, STOCK.reversed, STOCK.optional, STOCK.cloze],
    decks: [
      { id: 1, name: 'Default' },
      { id: 20, name: 'Languages::French' },
      { id: 30, name: 'Science' },
    ],
    notes: [
      {
        guid: 'g-basic',
        mid: STOCK.basic.id,
        tags: ' verbs ch1 ',
        fields: ['<b>manger</b>', 'to eat'],
        cards: [
          {
            id: 501,
            ord: 0,
            did: 20,
            type: 2,
            queue: 2,
            due: 400,
            ivl: 12,
            factor: 2300,
            reps: 5,
            lapses: 1,
            data: '{"s":14.5,"d":5.2}',
          },
        ],
      },
      {
        guid: 'g-rev',
        mid: STOCK.reversed.id,
        fields: ['chien', 'dog'],
        cards: [
          { id: 502, ord: 0, did: 20 },
          {
            id: 503,
            ord: 1,
            did: 20,
            type: 2,
            queue: -1,
            due: 410,
            ivl: 30,
            factor: 2500,
            reps: 3,
          },
        ],
      },
      {
        guid: 'g-opt',
        mid: STOCK.optional.id,
        fields: ['chat', 'cat', ''],
        cards: [{ id: 504, ord: 0, did: 20, type: 1, queue: 1, due: CRT + 500 * DAY, reps: 1 }],
      },
      {
        guid: 'g-cloze',
        mid: STOCK.cloze.id,
        tags: 'biology',
        fields: ['The {{c1::mitochondria}} is the {{c2::powerhouse}} of the cell', 'Extra'],
        cards: [
          { id: 505, ord: 0, did: 30 },
          { id: 506, ord: 1, did: 30 },
        ],
      },
    ],
    revlog: [
      { id: (CRT + 380 * DAY) * 1000, cid: 501, ease: 3, ivl: -600, lastIvl: 0, type: 0 },
      { id: (CRT + 385 * DAY) * 1000, cid: 501, ease: 3, ivl: 5, lastIvl: -600, type: 0 },
      { id: (CRT + 388 * DAY) * 1000, cid: 501, ease: 1, ivl: 1, lastIvl: 5, type: 1 },
      { id: (CRT + 388 * DAY) * 1000 + 7, cid: 501, ease: 0, ivl: 12, lastIvl: 1, type: 4 },
    ],
  };
}
