import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { streamMultipart } from './multipart';

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-multipart-'));
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

/**
 * A multipart request as a server receives it: bytes. (A Request made from a FormData object
 * pumps the form into its stream as it is read; cancelling that stream half-way, as a refusal
 * does, makes Node 24's undici throw an unhandled rejection in its pump.)
 */
async function formRequest(bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new File([new Uint8Array(bytes)], 'deck.apkg'));
  const encoded = new Response(form);
  return new Request('http://localhost/upload', {
    method: 'POST',
    body: await encoded.arrayBuffer(),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
}

describe('streamMultipart', () => {
  it('writes the file part to disk, with the fields beside it', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, index) => index % 241);
    const target = path.join(folder, 'ok');
    const form = await streamMultipart(await formRequest(bytes, { keep_decks: 'true' }), {
      path: target,
      maxBytes: 4 * 1024 * 1024,
      tooLargeMessage: 'too large',
    });
    expect(form.fields).toEqual({ keep_decks: ['true'] });
    expect(form.file).toMatchObject({ filename: 'deck.apkg', path: target, size: bytes.length });
    expect(new Uint8Array(await fs.readFile(target))).toEqual(bytes);
  });

  it('stops past the limit with 413 and its message, and leaves no file behind', async () => {
    const target = path.join(folder, 'large');
    const error = await streamMultipart(await formRequest(new Uint8Array(2 * 1024 * 1024 + 1)), {
      path: target,
      maxBytes: 2 * 1024 * 1024,
      tooLargeMessage: 'The Anki package is larger than 2 MB',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 413, message: 'The Anki package is larger than 2 MB' });
    await expect(fs.stat(target)).rejects.toThrow();
  });
});
