import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../../storage/storage';
import { STORING_MEDIA, storeImportMedia } from './media';

const A = `${'a'.repeat(64)}.png`;
const B = `${'b'.repeat(64)}.mp3`;
const files = [
  { name: A, bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' },
  { name: B, bytes: new Uint8Array([4, 5]), contentType: 'audio/mpeg' },
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
