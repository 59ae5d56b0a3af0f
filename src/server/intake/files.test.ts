import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  extractFileText,
  kindFromFilename,
  markdownTitle,
  sniffFileType,
  unpackDocx,
} from './files';
import { docxParts, makeDocx, makePdf, zip } from '../../../test/support/intake-fixtures';

const FIXTURES = path.resolve(import.meta.dirname, '../../../e2e/fixtures');
const fixture = async (name: string) =>
  new Uint8Array(await fs.readFile(path.join(FIXTURES, name)));
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status: number; code: string };
  }
  throw new Error('expected a refusal');
};

describe('file intake', () => {
  it('knows the five kinds by extension and by content', async () => {
    expect(
      ['a.TXT', 'b.md', 'c.pdf', 'd.docx', 'e.doc', 'f.exe', 'g'].map(kindFromFilename),
    ).toEqual(['txt', 'md', 'pdf', 'docx', 'doc', null, null]);
    expect(sniffFileType(await fixture('photosynthesis.pdf'))).toBe('pdf');
    expect(sniffFileType(await fixture('photosynthesis.docx'))).toBe('zip');
    expect(sniffFileType(await fixture('roman-roads.doc'))).toBe('ole2');
    expect(sniffFileType(new TextEncoder().encode('plain words, ünïcode'))).toBe('text');
    expect(sniffFileType(new Uint8Array([0x4d, 0x5a, 0, 0]))).toBe('unknown');
    // Notepad's "Unicode" (UTF-16 with a byte-order mark) is text too.
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Quartz is hard.', 'utf16le')]);
    expect(sniffFileType(utf16)).toBe('text');
    expect((await extractFileText({ bytes: utf16, filename: 'q.txt' })).content).toBe(
      'Quartz is hard.',
    );
  });

  it('reads real documents written by a word processor, and titles', async () => {
    const pdf = await extractFileText({
      bytes: await fixture('photosynthesis.pdf'),
      filename: 'p.pdf',
    });
    expect(pdf).toMatchObject({ kind: 'pdf', pages: 1 });
    expect(pdf.content).toContain('The Calvin cycle is the second stage of photosynthesis.');
    // Paragraphs are found from the gaps between lines.
    expect(pdf.content).toContain('pigment chlorophyll.\n\nThe light-dependent reactions');
    const docx = await extractFileText({
      bytes: await makeDocx(['Body text.'], 'My Title'),
      filename: 'x.docx',
    });
    expect(docx).toMatchObject({ kind: 'docx', title: 'My Title', content: 'Body text.' });
    const doc = await extractFileText({
      bytes: await fixture('roman-roads.doc'),
      filename: 'r.doc',
    });
    expect(doc.content).toContain('The Via Appia was the first major Roman road.');
    const titled = await extractFileText({
      bytes: makePdf([['Hello there.']], 'A PDF'),
      filename: 'x.pdf',
    });
    expect(titled).toMatchObject({ title: 'A PDF', content: 'Hello there.' });
  });

  it('finds a markdown title, even on a long heading line of spaces', () => {
    expect(markdownTitle('Intro\n# Cell biology ##\ntext')).toBe('Cell biology');
    expect(markdownTitle('#hashtag\n#   \n# Title')).toBe('Title');
    expect(markdownTitle('## Second level only')).toBeNull();
    // The old pattern (three quantifiers over the same spaces) took minutes on this line; its
    // time against length is measured by `npm run bench` (bench/linear-time.ts).
    expect(markdownTitle(`# a${' '.repeat(9_000)}x`)).toBe(`a${' '.repeat(9_000)}x`);
  });

  it('checks a .docx for zip bombs before parsing: entries, declared size, ratio', async () => {
    const many = await zip({
      ...docxParts(['x']),
      ...Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`junk/${index}.xml`, 'x'])),
    });
    expect(
      (
        await refusal(
          unpackDocx(many, { docxMaxEntries: 20, docxMaxUnpackedBytes: 1e9, docxMaxRatio: 1e9 }),
        )
      ).code,
    ).toBe('ZIP_BOMB');
    const large = await zip({
      ...docxParts(['x']),
      'word/media/big.bin': new Uint8Array(3 * 1024 * 1024),
    });
    expect(
      (
        await refusal(
          unpackDocx(large, {
            docxMaxEntries: 100,
            docxMaxUnpackedBytes: 2 * 1024 * 1024,
            docxMaxRatio: 1e9,
          }),
        )
      ).code,
    ).toBe('ZIP_BOMB');
    expect(
      (
        await refusal(
          unpackDocx(large, { docxMaxEntries: 100, docxMaxUnpackedBytes: 1e9, docxMaxRatio: 100 }),
        )
      ).message,
    ).toBe('Failed to process file: the document is compressed suspiciously well');
    const notWord = await zip({ 'hello.txt': 'hi' });
    expect((await refusal(extractFileText({ bytes: notWord, filename: 'x.docx' }))).status).toBe(
      415,
    );
  });

  it('bounds parsing in time and memory: the worker is stopped and the user told', async () => {
    const bytes = await fixture('photosynthesis.pdf');
    const slow = await refusal(
      extractFileText({ bytes, filename: 'p.pdf' }, { extractTimeoutMs: 1 }),
    );
    expect(slow.message).toBe('Failed to process file: reading the file took too long');
    expect(slow.status).toBe(422);
    const hungry = await refusal(
      extractFileText(
        { bytes, filename: 'p.pdf' },
        // 1 MB is raised to the smallest heap that fails cleanly: asking for it must not abort
        // the process (it did on Node 22+) but fail the one file.
        { extractMemoryMb: 1, extractTimeoutMs: 20_000 },
      ),
    );
    expect(hungry.message).toBe('Failed to process file: reading the file needs too much memory');
    expect(hungry.status).toBe(422);
  });
});
