import { describe, expect, it } from 'vitest';
import { analyseProse } from './analysis';
import { readDocument } from './document';
import { markedTermsOf } from './signals';

/** The document's marks of importance (issue 23), on the study texts' own sentences. */
describe('marked terms', () => {
  it('reads bold Markdown, <b>, <strong>, kramdown and CNXML term markup', () => {
    expect(markedTermsOf('We call this kind of good a **public good**.')).toEqual(['public good']);
    expect(
      markedTermsOf('<b>Matter</b> is defined as anything that occupies space and has mass.'),
    ).toEqual(['matter']);
    expect(markedTermsOf('… are called <strong>elements</strong>.')).toEqual(['elements']);
    expect(
      markedTermsOf('A [mixture]{: data-type="term"} is composed of two or more types of matter.'),
    ).toEqual(['mixture']);
    expect(markedTermsOf('a condition known as <term>thrombosis</term>.')).toEqual(['thrombosis']);
    expect(
      markedTermsOf(
        '**chlorophyll *a***{: data-type="term"} and **chlorophyll *b***{: data-type="term"}',
      ),
    ).toEqual([]);
  });

  it('gives each sentence the terms it marks, with the markup gone from its text', () => {
    const [first, second] = analyseProse(
      readDocument(
        '<b>Matter</b> is defined as anything that occupies space and has mass. Pure substances that cannot be broken down are called [elements]{: data-type="term"}.',
      ),
    );
    expect(first?.text).toBe('Matter is defined as anything that occupies space and has mass.');
    expect(first?.marked).toEqual(['matter']);
    expect(second?.text).toBe('Pure substances that cannot be broken down are called elements.');
    expect(second?.marked).toEqual(['elements']);
  });

  it("marks a glossary's entries", () => {
    const sentences = analyseProse(
      readDocument(
        '## Key Terms\n\n- osmosis: the diffusion of water through a semipermeable membrane\n',
      ),
    );
    expect(sentences[0]?.marked).toEqual(['osmosis']);
  });
});

describe('tables of term and meaning (issue 23)', () => {
  const TABLE = [
    '| term | meaning |',
    '| --- | --- |',
    '| referendum | an election in which the voters decide whether to overturn existing law or policy |',
    '| suffrage | the right to vote |',
  ].join('\n');

  it('reads each row as a glossary entry, and asks for its term', async () => {
    const { termTableEntries } = await import('./signals');
    expect(termTableEntries(TABLE.split('\n'), false)).toEqual([
      'referendum: an election in which the voters decide whether to overturn existing law or policy',
      'suffrage: the right to vote',
    ]);
    const sentences = analyseProse(readDocument(`# Terms\n\n${TABLE}\n`));
    expect(sentences.map((sentence) => [sentence.glossary, sentence.marked])).toEqual([
      [true, ['referendum']],
      [true, ['suffrage']],
    ]);
  });

  it('leaves any other table a table', async () => {
    const { termTableEntries } = await import('./signals');
    const factors = [
      '| Factor number | Name | Type of molecule |',
      '|:-:|:-:|:-:|',
      '| I | Fibrinogen | Plasma protein |',
    ];
    expect(termTableEntries(factors, true)).toBeNull();
    expect(
      termTableEntries(['| Element | Symbol |', '|:-:|:-:|', '| oxygen | O |'], false),
    ).toBeNull();
  });
});
