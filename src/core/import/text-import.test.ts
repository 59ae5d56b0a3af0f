import { describe, expect, it } from 'vitest';
import { cardsFromRows, defaultMapping, mappingProblem } from './text-import-cards';
import { parseImportText, separatorName, TEXT_IMPORT_MESSAGES } from './text-import';

const fields = (text: string) => parseImportText(text).rows.map((row) => row.fields);

describe('Anki text headers', () => {
  it.each([
    ['Tab', '\t'],
    ['Comma', ','],
    ['semicolon', ';'],
    ['Pipe', '|'],
    ['Space', ' '],
    ['colon', ':'],
    ['~', '~'],
  ])('#separator:%s', (value, separator) => {
    const parsed = parseImportText(`#separator:${value}\na${separator}b\n`);
    expect(parsed.separator).toBe(separator);
    expect(parsed.format).toBe('anki');
    expect(parsed.rows).toEqual([{ line: 2, fields: ['a', 'b'] }]);
  });

  it('#html:true keeps HTML, #html:false escapes tags', () => {
    const html = parseImportText('#html:true\n<b>bold</b>\tback\n');
    expect(html.html).toBe(true);
    expect(cardsFromRows(html, defaultMapping(html)).cards[0]?.front_content).toBe('<b>bold</b>');
    const text = parseImportText('#html:false\n<b>bold</b>\tback\n');
    expect(text.html).toBe(false);
    expect(cardsFromRows(text, defaultMapping(text)).cards[0]?.front_content).toBe(
      '&lt;b>bold&lt;/b>',
    );
  });

  it('without #html, HTML in the fields is detected', () => {
    expect(parseImportText('a <i>b</i>\tc\n').html).toBe(true);
    expect(parseImportText('a < b\tc\n').html).toBe(false);
  });

  it('#columns names the columns (read with the separator)', () => {
    const parsed = parseImportText('#separator:comma\n#columns:Front,Back,Tags\nq,a,t1 t2\n');
    expect(parsed.columns).toEqual(['Front', 'Back', 'Tags']);
  });

  it('#deck, #notetype, #guid column, #deck column and #notetype column are read', () => {
    const parsed = parseImportText(
      '#deck:Spanish::Verbs\n#notetype:Basic\n#guid column:1\n#deck column:2\n#notetype column:3\n' +
        'g\td\tBasic\tq\ta\n',
    );
    expect(parsed.headers).toMatchObject({
      deck: 'Spanish::Verbs',
      notetype: 'Basic',
      guidColumn: 1,
      deckColumn: 2,
      notetypeColumn: 3,
    });
  });

  it('#tags adds tags to every card; #tags column maps a column to tags', () => {
    const parsed = parseImportText('#separator:tab\n#tags:ch1 Bio\n#tags column:3\nq\ta\tx y\n');
    expect(parsed.headers.tagsColumn).toBe(3);
    const mapping = defaultMapping(parsed);
    expect(mapping).toEqual({ front: 1, back: 2, type: null, tags: 3 });
    expect(cardsFromRows(parsed, mapping).cards[0]?.tags).toEqual(['ch1', 'Bio', 'x', 'y']);
  });

  it("a first line 'tags:' gives tags, as in Anki", () => {
    const parsed = parseImportText('tags:one two\nq\ta\n');
    expect(parsed.headers.tags).toEqual(['one', 'two']);
  });

  it('comment lines and empty lines are skipped; line numbers count them', () => {
    const parsed = parseImportText('#separator:tab\n# a comment\nq1\ta1\n\n# another\nq2\ta2\n');
    expect(parsed.rows).toEqual([
      { line: 3, fields: ['q1', 'a1'] },
      { line: 6, fields: ['q2', 'a2'] },
    ]);
  });

  it('a byte-order mark and CRLF line ends are read', () => {
    expect(fields('\uFEFFq,a\r\nq2,a2\r\n')).toEqual([
      ['q', 'a'],
      ['q2', 'a2'],
    ]);
  });

  it('names separators for people', () => {
    expect(separatorName('\t')).toBe('Tab');
    expect(separatorName('~')).toBe('"~"');
  });
});

it("Anki's 'Notes in Plain Text' export: meta columns mapped, fields front and back", () => {
  const parsed = parseImportText(
    '#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n' +
      'a1b2\tBasic\tSpanish::Verbs\thablar\tto speak\tverbs\n' +
      'c3d4\tCloze\tSpanish::Verbs\t{{c1::Hablo}} español\t\t\n',
  );
  const mapping = defaultMapping(parsed);
  expect(mapping).toEqual({ front: 4, back: 5, type: 2, tags: 6 });
  const { cards, problems } = cardsFromRows(parsed, mapping);
  expect(problems).toEqual([]);
  expect(cards.map((card) => [card.card_type, card.front_content, card.tags])).toEqual([
    ['qa', 'hablar', ['verbs']],
    ['cloze', '{{c1::Hablo}} español', []],
  ]);
});

describe('quoted fields', () => {
  it('keep separators, "" escapes and newlines; line numbers follow the newlines', () => {
    const parsed = parseImportText('"a, b","say ""hi"""\n"line 1\nline 2",x\nlast,y\n');
    expect(parsed.rows).toEqual([
      { line: 1, fields: ['a, b', 'say "hi"'] },
      { line: 2, fields: ['line 1\nline 2', 'x'] },
      { line: 4, fields: ['last', 'y'] },
    ]);
  });

  it('text after a closing quote is a bad line, never read as card text', () => {
    const parsed = parseImportText('q,a\n"front"junk,back\nx,"y"z\nok,fine\n');
    expect(parsed.rows.map((row) => row.fields)).toEqual([
      ['q', 'a'],
      ['ok', 'fine'],
    ]);
    expect(parsed.problems).toEqual([
      { line: 2, message: TEXT_IMPORT_MESSAGES.textAfterQuote },
      { line: 3, message: TEXT_IMPORT_MESSAGES.textAfterQuote },
    ]);
  });

  it('an unclosed quote is reported at the line it opens', () => {
    const parsed = parseImportText('q,a\n"open,b\nmore\n');
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.problems).toEqual([{ line: 2, message: TEXT_IMPORT_MESSAGES.unclosedQuote }]);
  });

  // Their time against length is measured by `npm run bench` (bench/linear-time.ts).
  it('an adversarial 1 MB quoted field is read whole, an unclosed one reported at its line', () => {
    const big = `"${'x'.repeat(1_000_000)}","${'"",'.repeat(300_000)}"\n`;
    const parsed = parseImportText(big);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]?.fields[0]).toHaveLength(1_000_000);
    expect(parsed.rows[0]?.fields[1]).toBe('",'.repeat(300_000));
    const unclosed = `"${'a\n'.repeat(500_000)}`;
    expect(parseImportText(unclosed).problems[0]?.line).toBe(1);
  });
});

describe('bad lines', () => {
  it('too many and too few fields, by line number', () => {
    const parsed = parseImportText('q1\ta1\nq2\ta2\textra\nq3\nq4\ta4\n');
    expect(parsed.rows.map((row) => row.line)).toEqual([1, 4]);
    expect(parsed.problems).toEqual([
      { line: 2, message: TEXT_IMPORT_MESSAGES.tooManyFields(3, 2) },
      { line: 3, message: TEXT_IMPORT_MESSAGES.tooFewFields(1, 2) },
    ]);
  });

  it('an empty front, an empty back, a cloze type without a deletion', () => {
    const parsed = parseImportText('q,a,qa\n ,a,qa\nq,,qa\nno deletion,,cloze\n');
    const { cards, problems } = cardsFromRows(parsed, { front: 1, back: 2, type: 3, tags: null });
    expect(cards).toHaveLength(1);
    expect(problems).toEqual([
      { line: 2, message: TEXT_IMPORT_MESSAGES.emptyFront },
      { line: 3, message: TEXT_IMPORT_MESSAGES.emptyBack },
      { line: 4, message: TEXT_IMPORT_MESSAGES.clozeWithoutDeletion },
    ]);
  });

  it('a mapping to a column the text lacks is named', () => {
    expect(mappingProblem({ front: 1, back: 3, type: null, tags: null }, 2)).toBe(
      'The back column is 3 but the text has 2 columns',
    );
  });
});

describe('Quizlet exports and types', () => {
  it('tab-separated pairs (detected: a tab first)', () => {
    const parsed = parseImportText('dog\tun chien, le chien\ncat\tun chat\n');
    expect(parsed.format).toBe('quizlet');
    expect(parsed.separator).toBe('\t');
    expect(fields('dog\tun chien, le chien\n')).toEqual([['dog', 'un chien, le chien']]);
  });

  it('comma-separated pairs are CSV, not a Quizlet export; semicolon when there is neither', () => {
    const parsed = parseImportText('dog,chien\ncat,chat');
    expect(parsed.format).toBe('csv');
    expect(parsed.separator).toBe(',');
    expect(parsed.rows).toHaveLength(2);
    expect(parseImportText('dog;chien\n').separator).toBe(';');
  });

  it('a cloze text makes a cloze card; a type column says qa or cloze', () => {
    const parsed = parseImportText('The {{c1::sun}} is a star\t\nq\ta\n');
    const { cards, problems } = cardsFromRows(parsed, defaultMapping(parsed));
    expect(problems).toEqual([]);
    expect(cards.map((card) => card.card_type)).toEqual(['cloze', 'qa']);
    const typed = parseImportText('{{c1::x}}\ty\tBasic\n');
    expect(cardsFromRows(typed, { front: 1, back: 2, type: 3, tags: null }).cards[0]).toMatchObject(
      { card_type: 'qa' },
    );
  });
});

describe('lines starting with # (issue 20)', () => {
  const QUIZLET =
    'term one\tdefinition one\n#hashtag\ta tag on social media\n# C# \ta language\nlast\tone\n';

  it('are counted when taken as comments, never dropped unsaid', () => {
    const parsed = parseImportText(QUIZLET);
    expect(parsed.rows.map((row) => row.fields[0])).toEqual(['term one', 'last']);
    expect(parsed.commentLines).toBe(2);
  });

  it('become cards when asked, with their line numbers', () => {
    const parsed = parseImportText(QUIZLET, { hashLinesAsCards: true });
    expect(parsed.rows.map((row) => [row.line, row.fields[0]])).toEqual([
      [1, 'term one'],
      [2, '#hashtag'],
      [3, '# C# '],
      [4, 'last'],
    ]);
    expect(parsed.commentLines).toBe(0);
  });

  it("keep Anki's headers as headers either way", () => {
    const parsed = parseImportText('#separator:tab\n#html:false\nq\ta\n#note\tx\n', {
      hashLinesAsCards: true,
    });
    expect(parsed.separator).toBe('\t');
    expect(parsed.rows.map((row) => row.fields[0])).toEqual(['q', '#note']);
  });
});

describe('the separator (issue 20)', () => {
  it('is read from the first record, outside quotes', () => {
    // A tab further down (in a quoted field) once made the whole file tab-separated.
    expect(parseImportText('capital,country\nParis,"France\twith a tab"\n').separator).toBe(',');
    // Commas inside quotes do not count: two semicolons outside them decide.
    expect(parseImportText('"a, b, c";d;e\n').separator).toBe(';');
    expect(parseImportText('# a comment\n\nq|a\n').separator).toBe('|');
    expect(parseImportText('one field only\nq\ta\n').separator).toBe('\t');
  });

  it('can be chosen over the detected one', () => {
    const parsed = parseImportText('a,b;c\n', { separator: ';' });
    expect(parsed.rows[0]?.fields).toEqual(['a,b', 'c']);
  });
});
