import { describe, expect, it } from 'vitest';
import { ankiCardToMnemo, type AnkiNoteType, SKIP_REASONS } from './cards';
import { htmlToMarkdown } from './html-to-markdown';
import { clozeFieldName, isFieldEmpty, renderCard, stripHtml } from './templates';

const basicAfmt = '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}';
const ctx = (fields: Record<string, string>, ord = 0) => ({ fields, ord });

describe('renderCard', () => {
  it('replaces fields and FrontSide, and cuts the question off the back', () => {
    const card = renderCard(
      '{{Front}}',
      basicAfmt,
      ctx({ Front: 'Capital of France?', Back: 'Paris' }),
    );
    expect(card.question).toBe('Capital of France?');
    expect(card.answer).toBe('Capital of France?\n\n<hr id=answer>\n\nParis');
    expect(card.back).toBe('Paris');
  });

  it('keeps the whole answer as the back when it does not start with FrontSide', () => {
    const card = renderCard(
      '{{Front}}',
      '<b>{{Back}}</b> {{FrontSide}}',
      ctx({ Front: 'Q', Back: 'A' }),
    );
    expect(card.back).toBe('<b>A</b> Q');
  });

  it('shows a section only when its field is filled, an inverted one only when it is empty', () => {
    const qfmt = '{{#Add Reverse}}{{Back}}{{/Add Reverse}}{{^Extra}}no extra{{/Extra}}';
    expect(renderCard(qfmt, '', ctx({ 'Add Reverse': 'y', Back: 'B', Extra: '' })).question).toBe(
      'Bno extra',
    );
    expect(
      renderCard(qfmt, '', ctx({ 'Add Reverse': '<br>&nbsp;', Back: 'B', Extra: 'x' })).question,
    ).toBe('');
  });

  it('renders nested sections and tolerates stray or unclosed tags', () => {
    const fields = { A: '1', B: '2' };
    expect(renderCard('{{#A}}a{{#B}}b{{/B}}{{/A}}', '', ctx(fields)).question).toBe('ab');
    expect(renderCard('x{{/Nope}}y{{#A}}z', '', ctx(fields)).question).toBe('xyz');
    expect(renderCard('open {{A', '', ctx(fields)).question).toBe('open {{A');
  });

  it('hides the deletion of the card’s number on the question and bolds it on the answer', () => {
    const text = 'The {{c1::mitochondria}} is the {{c2::powerhouse::what?}} of the cell';
    const c1 = renderCard('{{cloze:Text}}', '{{cloze:Text}}', ctx({ Text: text }, 0));
    expect(c1.question).toBe('The [...] is the powerhouse of the cell');
    expect(c1.answer).toBe('The <b class="cloze">mitochondria</b> is the powerhouse of the cell');
    const c2 = renderCard('{{cloze:Text}}', '', ctx({ Text: text }, 1));
    expect(c2.question).toBe('The mitochondria is the [what?] of the cell');
  });

  it('applies hint, type, text and unknown filters', () => {
    const fields = { Word: '<i>chat</i>', Note: '' };
    expect(renderCard('{{text:Word}}', '', ctx(fields)).question).toBe('chat');
    expect(renderCard('{{type:Word}}|{{hint:Note}}', '{{type:Word}}', ctx(fields))).toMatchObject({
      question: '|',
      answer: '<i>chat</i>',
    });
    expect(renderCard('{{furigana:Word}}{{tts en_US:Word}}', '', ctx(fields)).question).toBe(
      '<i>chat</i><i>chat</i>',
    );
    expect(renderCard('{{!comment}}{{Missing}}ok', '', ctx(fields)).question).toBe('ok');
  });

  it('fills the special fields', () => {
    const card = renderCard('{{Deck}}/{{Subdeck}}/{{Tags}}/{{Type}}/{{Card}}', '', {
      fields: {},
      ord: 0,
      deck: 'Lang::French',
      tags: ' verbs ch1 ',
      noteType: 'Basic',
      cardName: 'Card 1',
    });
    expect(card.question).toBe('Lang::French/French/verbs ch1/Basic/Card 1');
  });

  // Their time against length is measured by `npm run bench` (bench/linear-time.ts).
  it('renders hostile templates and strips a run of <', () => {
    const hostile = '{{#A}}'.repeat(20_000) + '{{'.repeat(50_000) + '{{/A}}'.repeat(20_000);
    const card = renderCard(hostile, hostile, ctx({ A: 'x' }));
    expect(card.question).toBe('');
    expect(stripHtml('<'.repeat(100_000))).toBe('<'.repeat(100_000));
  });
});

describe('helpers', () => {
  it('knows empty fields and strips HTML', () => {
    expect(isFieldEmpty('<div><br></div>&nbsp; ')).toBe(true);
    expect(isFieldEmpty('<img src="a.png">x')).toBe(false);
    expect(stripHtml('a &amp; <b>b</b> &lt;c&gt;')).toBe('a & b <c>');
  });

  it('finds the field a cloze template asks', () => {
    expect(clozeFieldName('{{#Text}}{{cloze:Text}}{{/Text}}')).toBe('Text');
    expect(clozeFieldName('{{Front}}')).toBeNull();
  });
});

const basic: AnkiNoteType = {
  id: '1',
  name: 'Basic (and reversed card)',
  kind: 'normal',
  fields: ['Front', 'Back'],
  templates: [
    { name: 'Card 1', qfmt: '{{Front}}', afmt: basicAfmt },
    { name: 'Card 2', qfmt: '{{Back}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}' },
  ],
};
const cloze: AnkiNoteType = {
  id: '2',
  name: 'Cloze',
  kind: 'cloze',
  fields: ['Text', 'Back Extra'],
  templates: [
    { name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' },
  ],
};

describe('ankiCardToMnemo', () => {
  it('makes Q&A cards of both templates of a reversed note', () => {
    expect(ankiCardToMnemo(basic, ['Hund', 'dog'], 0)).toEqual({
      ok: true,
      card: { card_type: 'qa', front_content: 'Hund', back_content: 'dog', cloze_number: null },
    });
    expect(ankiCardToMnemo(basic, ['Hund', 'dog'], 1)).toMatchObject({
      card: { front_content: 'dog', back_content: 'Hund' },
    });
  });

  it('skips cards whose question is empty or whose template is missing', () => {
    expect(ankiCardToMnemo(basic, ['', 'dog'], 0)).toEqual({
      ok: false,
      reason: SKIP_REASONS.emptyFront,
    });
    expect(ankiCardToMnemo(basic, ['a', 'b'], 5)).toEqual({
      ok: false,
      reason: SKIP_REASONS.noTemplate,
    });
  });

  it('makes a cloze card per deletion with the note’s text and Back Extra', () => {
    const text = '{{c1::Paris}} is in {{c2::France}}';
    expect(ankiCardToMnemo(cloze, [text, 'Geography'], 1)).toEqual({
      ok: true,
      card: { card_type: 'cloze', front_content: text, back_content: 'Geography', cloze_number: 2 },
    });
    expect(ankiCardToMnemo(cloze, [text, ''], 0)).toMatchObject({
      card: { back_content: null, cloze_number: 1 },
    });
    expect(ankiCardToMnemo(cloze, [text, ''], 2)).toEqual({
      ok: false,
      reason: SKIP_REASONS.noDeletion,
    });
  });

  it('imports nested deletions (Anki ≥ 2.1.56): a card for each number, rendered as Anki does', () => {
    const text = '{{c1::outer {{c2::inner}} text}} end';
    for (const ord of [0, 1]) {
      expect(ankiCardToMnemo(cloze, [text, ''], ord)).toEqual({
        ok: true,
        card: {
          card_type: 'cloze',
          front_content: text,
          back_content: null,
          cloze_number: ord + 1,
        },
      });
    }
    const note = {
      ...basic,
      templates: [{ name: 'C', qfmt: '{{cloze:Front}}', afmt: '{{cloze:Front}}' }],
    };
    expect(
      renderCard(note.templates[0]!.qfmt, note.templates[0]!.afmt, {
        fields: { Front: text },
        ord: 1,
      }).question,
    ).toBe('outer [...] text end');
  });

  it('makes cards for the first 100 deletion numbers of a note, as the app does, and says so', () => {
    const text = Array.from({ length: 150 }, (_, index) => `{{c${index + 1}::w${index}}}`).join(
      ' ',
    );
    expect(ankiCardToMnemo(cloze, [text, ''], 99)).toMatchObject({
      ok: true,
      card: { cloze_number: 100 },
    });
    expect(ankiCardToMnemo(cloze, [text, ''], 100)).toEqual({
      ok: false,
      reason: SKIP_REASONS.tooManyClozes,
    });
    expect(SKIP_REASONS.tooManyClozes).toContain('more than 100 deletion numbers');
  });

  it('refuses a card longer than Mnemo allows', () => {
    expect(ankiCardToMnemo(basic, ['x'.repeat(20_001), 'y'], 0)).toEqual({
      ok: false,
      reason: SKIP_REASONS.tooLong,
    });
  });
});

describe('htmlToMarkdown', () => {
  it('turns the HTML of Anki’s editor into Markdown that renders the same', () => {
    expect(htmlToMarkdown('<b>bold</b> and <i>it</i>, <s>gone</s><br>next&nbsp;line')).toBe(
      '**bold** and *it*, ~~gone~~\nnext line',
    );
    expect(htmlToMarkdown('<div>one</div><div>two</div>')).toBe('one\ntwo');
    expect(htmlToMarkdown('<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>')).toBe(
      '- a\n- b\n\n1. c',
    );
    expect(
      htmlToMarkdown('<a href="https://x.org/a b">x</a> <img src="cat (1).jpg" alt="cat">'),
    ).toBe('[x](https://x.org/a%20b) ![cat](cat%20%281%29.jpg)');
    expect(htmlToMarkdown('<table><tr><td>a</td><td>b</td></tr></table>')).toBe(
      '| a | b |\n| --- | --- |',
    );
  });

  it('drops scripts and styles with their content, keeps math and cloze, escapes emphasis marks', () => {
    expect(htmlToMarkdown('<style>b{}</style>x<script>alert(1)</script>y<SCRIPT>z')).toBe('xy');
    expect(htmlToMarkdown('{{c1::2*3}} = \\(a_1 * b\\) &lt;tag&gt; a < b &amp;c &#x41;&#66;')).toBe(
      '{{c1::2\\*3}} = \\(a_1 * b\\) <tag> a < b &c AB',
    );
  });

  // Their time against length is measured by `npm run bench` (bench/linear-time.ts).
  it('converts hostile HTML: an unclosed script, runs of &, unclosed tags', () => {
    expect(
      htmlToMarkdown('<script>'.repeat(20_000) + ' '.repeat(100_000) + '&'.repeat(100_000)),
    ).toBe('');
    expect(htmlToMarkdown('<a href="x">'.repeat(20_000) + '<b'.repeat(20_000))).toBe(
      '['.repeat(20_000) + '<b'.repeat(20_000),
    );
  });
});
