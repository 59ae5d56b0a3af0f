import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../../storage/storage';
import { ankiLatexSources } from '../../../core/anki/latex';
import { ankiLatexFileName, STORING_MEDIA, storeImportMedia } from './media';

const A = `${'a'.repeat(64)}.png`;
const B = `${'b'.repeat(64)}.mp3`;
const files = [
  { name: A, originalName: 'a.png', bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' },
  { name: B, originalName: 'b.mp3', bytes: new Uint8Array([4, 5]), contentType: 'audio/mpeg' },
];

async function storage() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-media-'));
  const local = new LocalStorage(dir);
  await local.ready();
  return local;
}

describe('storeImportMedia', () => {
  it('stores each file under the user’s media folder, reporting progress, once', async () => {
    const local = await storage();
    const put = vi.spyOn(local, 'put');
    const reports: [string, number, number][] = [];
    const options = {
      signal: new AbortController().signal,
      onProgress: (...report: [string, number, number]) => reports.push(report),
    };
    expect(await storeImportMedia(local, 'u1', files, options)).toBe(2);
    expect(reports).toEqual([
      [STORING_MEDIA, 0, 2],
      [STORING_MEDIA, 1, 2],
      [STORING_MEDIA, 2, 2],
    ]);
    expect(await local.get(`u1/media/${A}`)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await local.get(`u1/media/${B}`)).toEqual(new Uint8Array([4, 5]));
    // Again (a re-import): already there, nothing written; another user gets their own copy.
    expect(await storeImportMedia(local, 'u1', files, options)).toBe(0);
    expect(put).toHaveBeenCalledTimes(2);
    expect(await storeImportMedia(local, 'u2', files.slice(0, 1), options)).toBe(1);
    expect(await local.exists(`u2/media/${A}`)).toBe(true);
  });

  it('stops when its signal aborts (the job’s deadline or lost lease)', async () => {
    const local = await storage();
    const stop = new AbortController();
    stop.abort(new Error('deadline'));
    await expect(
      storeImportMedia(local, 'u1', files, { signal: stop.signal, onProgress: () => {} }),
    ).rejects.toThrow('deadline');
    expect(await local.exists(`u1/media/${A}`)).toBe(false);
  });
});

describe("the names of Anki's LaTeX pictures (issue 20 item 3)", () => {
  it('are the SHA-1 of the cleaned LaTeX, as in the tests of rslib/src/latex.rs', () => {
    const names = (field: string) => ankiLatexSources(field).map(ankiLatexFileName);
    expect(names('a[latex]one<br>and<div>two[/latex]b')).toEqual([
      'latex-ef30b3f4141c33a5bf7044b0d1961d3399c05d50.png',
    ]);
    // Anki's test names the SVG of this one; the PNG has the same hash.
    expect(names('[$]<b>hello</b>&nbsp; world[/$]')).toEqual([
      'latex-060219fbf3ddb74306abddaf4504276ad793b029.png',
    ]);
    expect(names('[$$]math &amp; stuff[/$$]')).toEqual([
      'latex-8899f3f849ffdef6e4e9f2f34a923a1f608ebc07.png',
    ]);
  });
});
