import { describe, expect, it } from 'vitest';
import { joinLines, looksLikeCode, looksLikeReference, readDocument } from './document';
import { splitProseSentences } from './sentences';

describe('the document reader', () => {
  it('joins hard-wrapped lines and mends hyphenated line ends', () => {
    const text = [
      'Bash is the shell, or command language interpreter, that will appear',
      'in the GNU operating system.  It offers functional improve-',
      'ments over sh for both programming and interactive use.',
    ].join('\n');
    const [block] = readDocument(text).blocks;
    expect(block?.kind).toBe('paragraph');
    expect(block?.text).toContain('appear in the GNU');
    expect(block?.text).toContain('functional improvements over sh');
    expect(block?.sentences).toHaveLength(2);
    expect(joinLines(['a well-', 'known fact'])).toBe('a wellknown fact');
    expect(joinLines(['ISO 9945.2 -', 'Shell'])).toBe('ISO 9945.2 - Shell');
  });

  it('finds headings of every kind and the sections under them', () => {
    const text = [
      '# Volcanoes',
      'A volcano is an opening in the crust of a planet.',
      '',
      'Shield Volcanoes',
      '',
      'Shield volcanoes are built from fluid basalt lava.',
      '',
      'Eruptions',
      '=========',
      '',
      'Why do volcanoes erupt?',
      '',
      'Magma rises because it is lighter than the rock around it.',
    ].join('\n');
    const { sections } = readDocument(text);
    expect(sections.map((section) => section.heading)).toEqual([
      null,
      'Volcanoes',
      'Shield Volcanoes',
      'Eruptions',
      'Why do volcanoes erupt?',
    ]);
    expect(sections[1]?.level).toBe(1);
    expect(sections[4]?.blocks[0]?.sentences).toEqual([
      'Magma rises because it is lighter than the rock around it.',
    ]);
  });

  it('keeps code, tables, quotations, lists and references apart from prose', () => {
    const text = [
      'Ownership is a set of rules that govern how a Rust program manages memory.',
      '',
      '```rust',
      'let s = String::from("hello");',
      '```',
      '',
      'fn main() { let x = 5; let y = x; }',
      '',
      '| Type | Size |',
      '| --- | --- |',
      '| i32 | 4 bytes |',
      '',
      '> A quotation someone else wrote.',
      '',
      '- The stack stores values in order.',
      '- The heap is less organized.',
      '',
      'References',
      '',
      'Smith, J. (2004). Memory. Journal of Systems, vol. 3, pp. 30-44.',
    ].join('\n');
    const kinds = readDocument(text).blocks.map((block) => block.kind);
    expect(kinds).toEqual([
      'paragraph',
      'code',
      'code',
      'table',
      'quote',
      'list-item',
      'list-item',
      'reference',
    ]);
    expect(looksLikeReference('Price US$59.95, 638 pp. Oxford University Press (2001).')).toBe(
      true,
    );
    expect(looksLikeReference('The heap is less organized than the stack.')).toBe(false);
    expect(looksLikeCode('s.push_str(", world!"); // appends')).toBe(true);
    expect(looksLikeCode('The stack is fast: pushing is cheap.')).toBe(false);
  });
});

describe('sentence boundaries', () => {
  it('survive abbreviations, initials, decimals, URLs and quotes', () => {
    expect(
      splitProseSentences(
        'Dr. Smith moved to the U.S. in 1990. See vol. 3, e.g. chapter 2. It costs 2.5 dollars at www.example.com today. J. R. R. Tolkien wrote it. "Is it true?" she asked. No. The answer came later.',
      ),
    ).toEqual([
      'Dr. Smith moved to the U.S. in 1990.',
      'See vol. 3, e.g. chapter 2.',
      'It costs 2.5 dollars at www.example.com today.',
      'J. R. R. Tolkien wrote it.',
      '"Is it true?" she asked.',
      'No.',
      'The answer came later.',
    ]);
  });

  it('keep an ellipsis inside a sentence and lose no text', () => {
    const text = 'He paused... then went on. The end came (much later). Fine!';
    const sentences = splitProseSentences(text);
    expect(sentences).toEqual([
      'He paused... then went on.',
      'The end came (much later).',
      'Fine!',
    ]);
    expect(sentences.join(' ')).toBe(text);
  });
});
