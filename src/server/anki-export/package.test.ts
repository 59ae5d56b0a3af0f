import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readMessage } from '../import/anki/protobuf';
import { buildAnkiCollection } from './collection';
import { ankiMediaName, writeApkg } from './package';

/** The package writer's media, in both generations (rslib package/media.rs, colpkg/export.rs). */
const collection = () =>
  buildAnkiCollection({
    decks: [],
    cards: [],
    reviews: [],
    now: new Date('2026-03-01T10:00:00Z'),
    timeZone: 'UTC',
  });

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const mp3 = new TextEncoder().encode('ID3 sound');
const media = [
  { name: 'cafe\u0301.png', data: png }, // NFD: Anki wants NFC
  { name: 'sound.mp3', data: mp3 },
  { name: '../escape', data: mp3 },
  { name: 'sound.mp3', data: png }, // a second file of the same name is left out
];

describe('.apkg media', () => {
  it('current: zstd files under their index and a zstd MediaEntries (name, size, SHA-1)', async () => {
    const zip = await JSZip.loadAsync(await writeApkg(collection(), media, 'current'));
    const bytes = async (name: string) =>
      (await zip.file(name)?.async('uint8array')) ?? new Uint8Array();
    expect(Object.keys(zip.files).sort()).toEqual([
      '0',
      '1',
      '2',
      'collection.anki2',
      'collection.anki21b',
      'media',
      'meta',
    ]);
    expect(new Uint8Array(zlib.zstdDecompressSync(await bytes('0')))).toEqual(png);
    expect(new Uint8Array(zlib.zstdDecompressSync(await bytes('1')))).toEqual(mp3);
    const map = zlib.zstdDecompressSync(await bytes('media'));
    // Split the repeated field 1 (MediaEntry) by hand: the reader keeps the last one only.
    const entries: { name?: string; size?: number; sha1?: string }[] = [];
    let pos = 0;
    while (pos < map.length) {
      expect(map[pos]).toBe(0x0a);
      const length = map[pos + 1] ?? 0;
      const entry = readMessage(map.subarray(pos + 2, pos + 2 + length));
      entries.push({
        name: entry?.string(1),
        size: entry?.varint(2),
        sha1: Buffer.from(entry?.bytes(3) ?? []).toString('hex'),
      });
      pos += 2 + length;
    }
    const sha1 = (data: Uint8Array) => createHash('sha1').update(data).digest('hex');
    expect(entries).toEqual([
      { name: 'caf\u00e9.png', size: png.length, sha1: sha1(png) },
      { name: 'sound.mp3', size: mp3.length, sha1: sha1(mp3) },
      { name: '..escape', size: mp3.length, sha1: sha1(mp3) },
    ]);
  });

  it('legacy: files as they are under their index and a JSON map', async () => {
    const zip = await JSZip.loadAsync(await writeApkg(collection(), media, 'legacy'));
    expect(Object.keys(zip.files).sort()).toEqual(['0', '1', '2', 'collection.anki21', 'media']);
    expect(JSON.parse((await zip.file('media')?.async('string')) ?? '')).toEqual({
      '0': 'caf\u00e9.png',
      '1': 'sound.mp3',
      '2': '..escape',
    });
    expect(await zip.file('1')?.async('uint8array')).toEqual(mp3);
  });

  it('gives names Anki accepts, or none', () => {
    expect(ankiMediaName('a/b\\c:d?.png')).toBe('abcd.png');
    expect(ankiMediaName('trailing. ')).toBe('trailing');
    expect(ankiMediaName('..')).toBeNull();
    expect(ankiMediaName('///')).toBeNull();
    expect(ankiMediaName('con.txt')).toBeNull();
  });
});
