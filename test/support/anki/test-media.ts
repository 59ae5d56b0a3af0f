/** Media for the test packages: tiny real files and a package whose card shows an image. */
import zlib from 'node:zlib';
import { buildPackage, type FixtureSpec, STOCK } from './test-packages';

/** A red square PNG (1×1 unless `size`); `seed` adds a text chunk, so each seed is a new file. */
export function tinyPng(seed = '', size = 1): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([220, 40, 40]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    ...(seed ? [chunk('tEXt', Buffer.from(`Comment\0${seed}`, 'latin1'))] : []),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A few bytes an MP3 decoder would take for a frame (enough for the type check). */
export const tinyMp3 = (): Buffer =>
  Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), Buffer.alloc(32)]);

/** One Basic note whose front shows an image (a PNG unique to `seed`). */
export function mediaPackage(
  seed: string,
  generation: FixtureSpec['generation'] = 'anki21b',
): Buffer {
  return buildPackage({
    generation,
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Pictures' }],
    notes: [
      {
        guid: `media-${seed}`,
        mid: STOCK.basic.id,
        fields: ['<img src="red dot.png">', 'a red dot'],
        cards: [{ ord: 0 }],
      },
    ],
    media: [{ name: 'red dot.png', data: tinyPng(seed) }],
  });
}
