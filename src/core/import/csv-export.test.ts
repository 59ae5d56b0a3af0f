import { describe, expect, it } from 'vitest';
import { cardsFromRows, defaultMapping } from './text-import-cards';
import { parseImportText } from './text-import';
import { cardsToCsv, csvField, csvFileName } from './csv-export';

const card = {
  front: 'Say "hi", then\nwave',
  back: ' spaced ',
  type: 'qa',
  tags: 'greet ch1',
  state: 'new',
  due: '2026-01-01T00:00:00.000Z',
};

describe('CSV export', () => {
  it('quotes per RFC 4180, CRLF, with a byte-order mark and a header row', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    const csv = cardsToCsv([card], false);
    expect(csv).toBe(
      '\uFEFF#separator:Comma\r\n#html:true\r\n#columns:Front,Back,Type,Tags,State,Due\r\n' +
        '"Say ""hi"", then\nwave"," spaced ",qa,greet ch1,new,2026-01-01T00:00:00.000Z\r\n',
    );
    expect(cardsToCsv([{ ...card, deck: 'A, B' }], true).split('\r\n')[2]).toBe(
      '#columns:Deck,Front,Back,Type,Tags,State,Due',
    );
  });

  it('reads back through the import with the same fronts, backs, types and tags', () => {
    const cloze = { ...card, front: 'The {{c1::sun}}', back: '', type: 'cloze', tags: '' };
    const parsed = parseImportText(cardsToCsv([card, cloze], true));
    expect(parsed.columns).toEqual(['Deck', 'Front', 'Back', 'Type', 'Tags', 'State', 'Due']);
    const mapping = defaultMapping(parsed);
    expect(mapping).toEqual({ front: 2, back: 3, type: 4, tags: 5 });
    const { cards, problems } = cardsFromRows(parsed, mapping);
    expect(problems).toEqual([]);
    expect(cards.map((c) => [c.front_content, c.back_content, c.card_type, c.tags])).toEqual([
      ['Say "hi", then\nwave', 'spaced', 'qa', ['greet', 'ch1']],
      ['The {{c1::sun}}', '', 'cloze', []],
    ]);
  });

  it('guards every cell against formula injection (OWASP), the Deck column too', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("'=already")).toBe("''=already");
    expect(csvField("it's = fine")).toBe("it's = fine");
    const evil = { ...card, front: '=1+1', back: '@SUM(A1)', tags: '-x', deck: '+cmd|' };
    const row = cardsToCsv([evil], true).split('\r\n')[3];
    expect(row).toBe("'+cmd|,'=1+1,'@SUM(A1),qa,'-x,new,2026-01-01T00:00:00.000Z");
  });

  it('re-imports itself whatever the cards contain: formulas, lists, tags, separators', () => {
    const cards = [
      { ...card, front: '- a list\n- of two', back: '=not a formula', tags: '' },
      { ...card, front: "'=quoted", back: 'H<sub>2</sub>O; a < b, "c"', tags: '' },
      { ...card, front: '@mention\ttab', back: '+1', tags: '' },
    ];
    const parsed = parseImportText(cardsToCsv(cards, true));
    expect(parsed).toMatchObject({ separator: ',', html: true, format: 'anki' });
    const { cards: back, problems } = cardsFromRows(parsed, defaultMapping(parsed));
    expect(problems).toEqual([]);
    expect(back.map((c) => [c.front_content, c.back_content])).toEqual(
      cards.map((c) => [c.front, c.back]),
    );
  });

  it('names the download after the deck', () => {
    expect(csvFileName('Spanish: verbs/1')).toBe('Spanish_ verbs_1.csv');
    expect(csvFileName('///')).toBe('_.csv');
  });
});
