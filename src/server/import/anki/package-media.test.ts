import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from './package';
import { parseMediaMap, readPackageMedia } from './package-media';
import { readRepeated } from './protobuf';
import { tinyPng } from '../../../../test/support/anki/test-media';
import { buildPackage, protobuf, STOCK } from '../../../../test/support/anki/test-packages';

describe('parseMediaMap', () => {
  it('reads the legacy JSON map, names in NFC', () => {
    const map = parseMediaMap(Buffer.from('{"0":"cafe\u0301.jpg","1":"b.mp3","x":"no.png"}'), 2);
    expect([...map]).toEqual([
      ['café.jpg', '0'],
      ['b.mp3', '1'],
    ]);
  });

  it('reads the current MediaEntries: position is the zip name, unless a legacy name is set', () => {
    const list = protobuf([
      [
        1,
        protobuf([
          [1, 'a.png'],
          [2, 3],
        ]),
      ],
      [
        1,
        protobuf([
          [1, 'b.png'],
          [4, 7],
        ]),
      ],
      [1, protobuf([[1, 'c.png']])],
    ]);
    expect([...parseMediaMap(zlib.zstdCompressSync(list), 3)]).toEqual([
      ['a.png', '0'],
      ['b.png', '7'],
      ['c.png', '2'],
    ]);
  });

  it('refuses a map it cannot read as a damaged package', () => {
    expect(() => parseMediaMap(Buffer.from('[1,2]'), 1)).toThrow(PACKAGE_MESSAGES.damaged);
    expect(() => parseMediaMap(Buffer.from('{'), 2)).toThrow(PACKAGE_MESSAGES.damaged);
    expect(() => parseMediaMap(Buffer.from('not zstd'), 3)).toThrow(PACKAGE_MESSAGES.damaged);
    const truncated = zlib.zstdCompressSync(Buffer.from([0x0a, 0x05, 0x0a]));
    expect(() => parseMediaMap(truncated, 3)).toThrow(PACKAGE_MESSAGES.damaged);
  });
});

describe('readRepeated', () => {
  it('returns every length-delimited field of the number, in order', () => {
    const bytes = protobuf([
      [1, 'x'],
      [2, 5],
      [1, 'yz'],
    ]);
    expect(readRepeated(bytes, 1)?.map((part) => Buffer.from(part).toString())).toEqual([
      'x',
      'yz',
    ]);
    expect(readRepeated(Buffer.from([0x0a, 0x09]), 1)).toBeNull();
  });
});

describe('readPackageMedia', () => {
  const spec = (generation: 'anki21' | 'anki21b', data: Buffer) => ({
    generation,
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'D' }],
    notes: [],
    media: [{ name: 'dot.png', data }],
  });

  it.each(['anki21', 'anki21b'] as const)('reads only the files asked for (%s)', async (gen) => {
    const png = tinyPng('x');
    const version = gen === 'anki21' ? 2 : 3;
    const bytes = buildPackage(spec(gen, png));
    const media = await readPackageMedia(bytes, version, new Set(['dot.png', 'gone.png']), 1e6);
    expect([...media.files.keys()]).toEqual(['dot.png']);
    expect(media.files.get('dot.png')!.equals(png)).toBe(true);
  });

  it.each(['anki21', 'anki21b'] as const)('marks a file over the limit (%s)', async (gen) => {
    const version = gen === 'anki21' ? 2 : 3;
    const bytes = buildPackage(spec(gen, Buffer.alloc(2000, 1)));
    const media = await readPackageMedia(bytes, version, new Set(['dot.png']), 1e6, 1000);
    expect(media.files.size).toBe(0);
    expect([...media.tooLarge]).toEqual(['dot.png']);
  });

  it('keeps all media within the package budget', async () => {
    const bytes = buildPackage(spec('anki21b', Buffer.alloc(5000, 1)));
    await expect(readPackageMedia(bytes, 3, new Set(['dot.png']), 1000)).rejects.toThrow(
      /unpacks to more than/,
    );
  });
});
