import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/test-server';
import { createStorage, type FileStorage } from './storage';

/**
 * One contract, two adapters: a local folder and an S3-compatible bucket, the latter against
 * s3rver, a local server speaking the S3 protocol on 127.0.0.1.
 */
let s3rver: { run(): Promise<unknown>; close(): Promise<void> };
let s3Port: number;
const folders: string[] = [];

async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-storage-'));
  folders.push(dir);
  return dir;
}

beforeAll(async () => {
  s3Port = await freePort();
  s3rver = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: await tempDir(),
    configureBuckets: [{ name: 'user-files' }],
  });
  await s3rver.run();
});

afterAll(async () => {
  await s3rver?.close();
  await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

const adapters: [string, () => Promise<FileStorage>][] = [
  ['local folder', async () => createStorage({ kind: 'local', dir: await tempDir() })],
  [
    'S3-compatible bucket',
    async () =>
      createStorage({
        kind: 's3',
        bucket: 'user-files',
        endpoint: `http://127.0.0.1:${s3Port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      }),
  ],
];

describe.each(adapters)('file storage: %s', (_name, make) => {
  it('stores, reads, lists by prefix and removes', async () => {
    const storage = await make();
    await storage.ready();
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]);
    await storage.put('alice/1763892000000_abcdef.pdf', bytes, 'application/pdf');
    await storage.put(
      'alice/1763892000001_ghijkl.txt',
      new TextEncoder().encode('hi'),
      'text/plain',
    );
    await storage.put(
      'alicia/1763892000002_mnopqr.txt',
      new TextEncoder().encode('x'),
      'text/plain',
    );

    expect(await storage.get('alice/1763892000000_abcdef.pdf')).toEqual(bytes);
    expect(await storage.get('alice/1763892000009_nothere.pdf')).toBeNull();

    const listed = await storage.list('alice/');
    expect(listed.map((item) => [item.path, item.size])).toEqual([
      ['alice/1763892000000_abcdef.pdf', 8],
      ['alice/1763892000001_ghijkl.txt', 2],
    ]);
    for (const item of listed) {
      expect(Date.parse(item.createdAt)).not.toBeNaN();
      expect(Date.parse(item.updatedAt)).not.toBeNaN();
    }
    expect(await storage.list('nobody/')).toEqual([]);

    expect(await storage.remove('alice/1763892000000_abcdef.pdf')).toBe(true);
    expect(await storage.remove('alice/1763892000000_abcdef.pdf')).toBe(false);
    expect(await storage.get('alice/1763892000000_abcdef.pdf')).toBeNull();
    expect((await storage.list('alice/')).map((item) => item.path)).toEqual([
      'alice/1763892000001_ghijkl.txt',
    ]);
  });

  it('tells whether a file exists without reading it', async () => {
    const storage = await make();
    await storage.ready();
    expect(await storage.exists('carol/media/a.png')).toBe(false);
    await storage.put('carol/media/a.png', new Uint8Array([1, 2, 3]), 'image/png');
    // s3rver answers a PUT of a buffer before its write stream has opened the file
    // (stores/filesystem.js putObject), so on a busy machine its HEAD can briefly miss it.
    await expect.poll(() => storage.exists('carol/media/a.png'), { timeout: 5_000 }).toBe(true);
    expect(await storage.exists('carol/media')).toBe(false);
    expect(await storage.exists('carol/media/b.png')).toBe(false);
  });

  it('lists every file below a folder, subfolders included (a user’s usage)', async () => {
    const storage = await make();
    await storage.ready();
    await storage.put('dana/1763892000000_abcdef.txt', new Uint8Array(3), 'text/plain');
    await storage.put('dana/media/a.png', new Uint8Array(5), 'image/png');
    await storage.put('dana/imports/job.apkg', new Uint8Array(7), 'application/zip');
    await storage.put('danae/media/b.png', new Uint8Array(11), 'image/png');
    await expect
      .poll(async () => (await storage.listAll('dana/')).map((item) => [item.path, item.size]), {
        timeout: 5_000,
      })
      .toEqual([
        ['dana/1763892000000_abcdef.txt', 3],
        ['dana/imports/job.apkg', 7],
        ['dana/media/a.png', 5],
      ]);
    expect(await storage.listAll('nobody/')).toEqual([]);
  });

  it('stores a file from disk (an Anki package waiting for its import job)', async () => {
    const storage = await make();
    await storage.ready();
    const source = path.join(await tempDir(), 'upload');
    const bytes = new Uint8Array(300_000).map((_, index) => index % 251);
    await fs.writeFile(source, bytes);
    await storage.putFile('bob/imports/job-1.apkg', source, 'application/zip');
    expect(await storage.get('bob/imports/job-1.apkg')).toEqual(bytes);
    expect(await storage.remove('bob/imports/job-1.apkg')).toBe(true);
    // The source stays where it was (the caller removes it).
    expect((await fs.stat(source)).size).toBe(300_000);
  });
});

describe('local storage', () => {
  it('never leaves its folder', async () => {
    const storage = createStorage({ kind: 'local', dir: await tempDir() });
    await expect(storage.put('../escape.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow(
      /outside the storage folder/,
    );
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/outside the storage folder/);
  });
});

describe('S3 storage', () => {
  it('reports a bucket that does not exist when it starts', async () => {
    const storage = createStorage({
      kind: 's3',
      bucket: 'no-such-bucket',
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    await expect(storage.ready()).rejects.toThrow();
  });
});
