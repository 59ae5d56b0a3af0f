import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flashcard } from '../../core/flashcard-schemas';
import type { GenerationJob } from '../../core/generation-requests';
import { docxParts, makePdf, zip } from '../../../test/support/intake-fixtures';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { freePort, startTestServer, type TestServer } from '../../../test/support/test-server';

const FIXTURES = path.resolve(import.meta.dirname, '../../../e2e/fixtures');
const MiB = 1024 * 1024;

const fixture = async (name: string) =>
  new Uint8Array(await fs.readFile(path.join(FIXTURES, name)));

function form(
  deckId: string | null,
  file: { name: string; bytes: Uint8Array; type?: string } | null,
) {
  const body = new FormData();
  if (deckId) body.set('deckId', deckId);
  body.set('generationStrategy', 'key_concepts');
  body.append('requestedCardTypes', 'qa');
  body.append('requestedCardTypes', 'cloze');
  if (file) {
    body.set(
      'file',
      new File([new Uint8Array(file.bytes)], file.name, {
        type: file.type ?? 'application/octet-stream',
      }),
    );
  }
  return body;
}

const upload = (user: HttpClient, body: FormData | string, headers?: Record<string, string>) =>
  user.request('/api/generation/file', { method: 'POST', body, headers });

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

async function storedFiles(server: TestServer): Promise<string[]> {
  const root = path.join(server.dataDir, 'files');
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found;
}

const jobsOf = async (user: HttpClient) =>
  (await json<{ jobs: GenerationJob[] }>(await user.get('/api/generation/jobs'), 200)).jobs;

describe('generation from uploaded files (local storage)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads .txt, .md, .pdf, .docx and .doc, stores each under {userId}/{timestamp}_{random}.{ext} and makes cards', async () => {
    const user = await newUser(server.url);
    const me = await json<{ user: { id: string } }>(await user.get('/api/auth/get-session'), 200);
    // A deck per file: the PDF and the .docx hold the same text, so in one deck the second
    // file's cards would all be near-duplicates of the first's (and its job would fail).
    const decks = new Map<string, string>();
    const text = new TextEncoder().encode(
      'Mitochondria are organelles that produce most of the chemical energy of the cell. ' +
        'They were first described in 1857 by Albert von Kölliker.',
    );
    const files = [
      { name: 'cells.txt', bytes: text, type: 'text/plain' },
      {
        name: 'ribosomes.md',
        bytes: new TextEncoder().encode(
          '# Ribosomes\n\nRibosomes are molecular machines that **synthesise proteins** in every living cell. ' +
            'The ribosome was discovered in 1955 by George Emil Palade, who received the Nobel Prize in 1974.\n',
        ),
      },
      {
        name: 'photosynthesis.pdf',
        bytes: await fixture('photosynthesis.pdf'),
        type: 'application/pdf',
      },
      { name: 'photosynthesis.docx', bytes: await fixture('photosynthesis.docx') },
      {
        name: 'roman-roads.doc',
        bytes: await fixture('roman-roads.doc'),
        type: 'application/msword',
      },
    ];
    for (const file of files) {
      decks.set(file.name, (await createDeck(user, file.name)).id);
      const job = await json<GenerationJob>(
        await upload(user, form(decks.get(file.name) ?? '', file)),
        201,
      );
      const extension = file.name.split('.').pop();
      expect(job).toMatchObject({
        status: 'pending',
        input_type: 'file',
        source_title: file.name,
        generation_strategy: 'key_concepts',
      });
      expect(job.requested_card_types).toEqual(['qa', 'cloze']);
      expect(job.source_file_path).toMatch(
        new RegExp(`^${me.user.id}/\\d{13}_[a-z0-9]{16}\\.${extension}$`),
      );

      const ended = await finishedJob(user, job.id);
      expect(ended, `${file.name}: ${ended.error_message}`).toMatchObject({ status: 'completed' });
      const cards = await json<{ flashcards: Flashcard[] }>(
        await user.get(`/api/flashcards?source_job_id=${job.id}`),
        200,
      );
      expect(cards.flashcards.length, file.name).toBeGreaterThan(0);

      // The stored file is the uploaded one, byte for byte.
      const download = await user.get(
        `/api/files/content?path=${encodeURIComponent(job.source_file_path ?? '')}`,
      );
      expect(download.status).toBe(200);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(file.bytes);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${file.name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
    }
    const docCards = await json<{ flashcards: Flashcard[] }>(
      await user.get(`/api/flashcards?deck_id=${decks.get('roman-roads.doc')}&limit=200`),
      200,
    );
    expect(JSON.stringify(docCards.flashcards)).toMatch(/Via Appia|Appius Claudius|312 BC/);

    const listed = await json<{
      files: {
        name: string;
        size: number;
        path: string;
        publicUrl: string;
        createdAt: string;
        updatedAt: string;
        title: string | null;
        deckId: string | null;
      }[];
    }>(await user.get('/api/files'), 200);
    expect(listed.files).toHaveLength(5);
    for (const item of listed.files) {
      expect(item.path.startsWith(`${me.user.id}/`)).toBe(true);
      expect(item.path.endsWith(item.name)).toBe(true);
      expect(item.publicUrl).toBe(`/api/files/content?path=${encodeURIComponent(item.path)}`);
      expect(item.size).toBeGreaterThan(0);
    }
    // Each file is listed under the name it was uploaded with, and its deck.
    expect(listed.files.map((item) => item.title).sort()).toEqual(
      files.map((file) => file.name).sort(),
    );
    for (const item of listed.files) expect(item.deckId).toBe(decks.get(item.title ?? ''));
    expect((await storedFiles(server)).sort()).toEqual(
      listed.files.map((item) => item.path).sort(),
    );
  });

  it('refuses attacks with a clear 4xx and stores nothing', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Attacks');
    const before = await storedFiles(server);
    const bomb = await zip({
      ...docxParts(['A bomb.']),
      'word/media/zeros.bin': new Uint8Array(60 * MiB),
    });
    const cases: [string, FormData, number, string | RegExp][] = [
      [
        '10 MiB + 1 byte',
        form(deck.id, { name: 'big.txt', bytes: new Uint8Array(10 * MiB + 1).fill(97) }),
        413,
        'File size exceeds 10MB limit',
      ],
      [
        'a zip bomb renamed .docx',
        form(deck.id, { name: 'bomb.docx', bytes: bomb }),
        422,
        /^Failed to process file: the document (unpacks to more than|is compressed suspiciously well)/,
      ],
      [
        'a Windows program renamed .pdf',
        form(deck.id, {
          name: 'invoice.pdf',
          bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
          type: 'application/pdf',
        }),
        415,
        'Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md',
      ],
      [
        'a malformed PDF',
        form(deck.id, {
          name: 'broken.pdf',
          bytes: new TextEncoder().encode(
            '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%EOF',
          ),
        }),
        422,
        /^Failed to process file: /,
      ],
      [
        'a PDF without text',
        form(deck.id, { name: 'blank.pdf', bytes: makePdf([[]]) }),
        422,
        'Failed to extract content from file',
      ],
      [
        'an .exe',
        form(deck.id, { name: 'setup.exe', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0]) }),
        415,
        'Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md',
      ],
      [
        'binary bytes named .txt',
        form(deck.id, {
          name: 'notes.txt',
          bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]),
        }),
        415,
        'Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md',
      ],
      ['no file', form(deck.id, null), 400, 'Please select a file'],
      [
        'an empty file',
        form(deck.id, { name: 'empty.txt', bytes: new Uint8Array() }),
        400,
        'Please select a file',
      ],
      [
        'no deck',
        form(null, { name: 'notes.txt', bytes: new TextEncoder().encode('Some notes on cells.') }),
        400,
        'No deck ID',
      ],
      [
        'a deck of another user',
        form('00000000-0000-4000-8000-000000000000', {
          name: 'notes.txt',
          bytes: new TextEncoder().encode('Some notes on cells.'),
        }),
        404,
        'Deck not found or access denied',
      ],
    ];
    for (const [name, body, status, message] of cases) {
      const response = await upload(user, body);
      expect(response.status, name).toBe(status);
      const error = await errorOf(response);
      if (typeof message === 'string') expect(error.message, name).toBe(message);
      else expect(error.message, name).toMatch(message);
    }
    expect(await storedFiles(server)).toEqual(before);
    expect(await jobsOf(user)).toEqual([]);
  });

  it('accepts exactly 10 MiB, and uses the first 500,000 characters with a warning', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Limit');
    const sentence = 'Granite is an igneous rock made mostly of quartz and feldspar. ';
    const text = sentence.repeat(Math.ceil((10 * MiB) / sentence.length)).slice(0, 10 * MiB);
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBe(10 * MiB);
    const job = await json<GenerationJob>(
      await upload(user, form(deck.id, { name: 'granite.txt', bytes })),
      201,
    );
    expect(job.warnings[0]).toBe('Only the first 500,000 characters of the file are used');
    expect(job.word_count).toBeLessThanOrEqual(500_000 / 5);
    await user.post(`/api/generation/jobs/${job.id}/cancel`);
  });

  it('answers a malformed multipart body with 400', async () => {
    const user = await newUser(server.url);
    for (const [type, body] of [
      ['multipart/form-data; boundary=xyz', 'this is not multipart at all'],
      ['multipart/form-data', '--x\r\n'],
    ]) {
      const response = await upload(user, body as string, { 'content-type': type as string });
      expect(response.status, type).toBeGreaterThanOrEqual(400);
      expect(response.status, type).toBeLessThan(500);
    }
    expect(await jobsOf(user)).toEqual([]);
  });

  it('enforces 10 MB while the upload streams, with no length declared', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Stream');
    const before = await storedFiles(server);
    const boundary = '----mnemo-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="deckId"\r\n\r\n${deck.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endless.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n';
    // Node's client sends the body chunked (no length) and hands over the answer as soon as it
    // comes, while the body is still open. 11 MiB of the file are sent, then the client stops
    // and waits: only a server that stopped reading at 10 MB can answer now (one that read on
    // would wait for more, and the test would time out). So at most 11 MiB were read.
    const request = http.request(`${server.url}/api/generation/file`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: user.cookieHeader(),
        origin: server.url,
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      });
      // The server may hang up after answering; the answer is what counts.
      request.on('error', () => {});
    });
    let sent = 0;
    let done = false;
    void answered.finally(() => (done = true));
    const chunk = Buffer.alloc(256 * 1024, 97);
    // Each write waits for the socket to take it (back-pressure), or for the answer.
    const write = (data: string | Buffer) =>
      Promise.race([
        answered.then(() => undefined),
        new Promise<void>((resolve) => {
          if (request.write(data)) resolve();
          else request.once('drain', resolve);
        }),
      ]);
    await write(head);
    while (!done && sent < 11 * MiB) {
      await write(chunk);
      sent += chunk.length;
    }
    const { status, body } = await answered;
    request.destroy();
    expect(sent).toBeLessThanOrEqual(11 * MiB);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({
      error: { code: 'FILE_TOO_LARGE', message: 'File size exceeds 10MB limit' },
    });
    // Nothing kept: no job, no stored file.
    expect(await jobsOf(user)).toEqual([]);
    expect(await storedFiles(server)).toEqual(before);
  });

  it('refuses a body that is not multipart, and paths outside the own folder', async () => {
    const user = await newUser(server.url);
    const me = await json<{ user: { id: string } }>(await user.get('/api/auth/get-session'), 200);
    const response = await user.post('/api/generation/file', { deckId: 'x' });
    expect(response.status).toBe(415);
    for (const bad of [
      '../../auth-secret',
      `${me.user.id}/../../mnemo.db`,
      'someone/1763892000000_abcdef.txt',
    ]) {
      for (const method of ['GET', 'DELETE']) {
        const url = method === 'GET' ? '/api/files/content' : '/api/files';
        const answer = await user.request(`${url}?path=${encodeURIComponent(bad)}`, { method });
        expect(answer.status, `${method} ${bad}`).toBe(403);
        expect((await errorOf(answer)).message).toBe('Access denied: File does not belong to user');
      }
    }
    const missing = await user.request(
      `/api/files?path=${encodeURIComponent(`${me.user.id}/1763892000000_abcdef.txt`)}`,
      { method: 'DELETE' },
    );
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe('File information not found');
  });

  it('removes a file; the job made from it stays', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Remove');
    const job = await json<GenerationJob>(
      await upload(
        user,
        form(deck.id, { name: 'photosynthesis.pdf', bytes: await fixture('photosynthesis.pdf') }),
      ),
      201,
    );
    await finishedJob(user, job.id);
    const filePath = job.source_file_path ?? '';
    const removed = await user.request(`/api/files?path=${encodeURIComponent(filePath)}`, {
      method: 'DELETE',
    });
    expect(await json(removed, 200)).toEqual({ deleted: true, path: filePath });
    expect((await json<{ files: unknown[] }>(await user.get('/api/files'), 200)).files).toEqual([]);
    expect(await storedFiles(server)).not.toContain(filePath);
  });
});

describe('generation from uploaded files (S3-compatible storage)', () => {
  let server: TestServer;
  let s3: { run(): Promise<unknown>; close(): Promise<void> };
  let bucketDir: string;
  beforeAll(async () => {
    const port = await freePort();
    bucketDir = await fs.mkdtemp(path.join(import.meta.dirname, '../../../.tmp/s3-'));
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'user-files' }],
    });
    await s3.run();
    server = await startTestServer({
      env: {
        S3_BUCKET: 'user-files',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
    await fs.rm(bucketDir, { recursive: true, force: true });
  });

  it('stores uploads in the bucket, lists, downloads and removes them there', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'S3');
    const bytes = await fixture('photosynthesis.docx');
    const job = await json<GenerationJob>(
      await upload(user, form(deck.id, { name: 'photosynthesis.docx', bytes })),
      201,
    );
    expect(await finishedJob(user, job.id)).toMatchObject({ status: 'completed' });
    const filePath = job.source_file_path ?? '';
    expect(await storedFiles(server)).toEqual([]); // nothing on the local disk
    const listed = await json<{ files: { path: string; size: number }[] }>(
      await user.get('/api/files'),
      200,
    );
    expect(listed.files.map((item) => [item.path, item.size])).toEqual([[filePath, bytes.length]]);
    const download = await user.get(`/api/files/content?path=${encodeURIComponent(filePath)}`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    const removed = await user.request(`/api/files?path=${encodeURIComponent(filePath)}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect((await json<{ files: unknown[] }>(await user.get('/api/files'), 200)).files).toEqual([]);
  });

  it('stops the start with a message when the bucket does not exist', async () => {
    await expect(
      startTestServer({
        env: {
          S3_BUCKET: 'missing-bucket',
          S3_ENDPOINT: server.url.replace(/:\d+$/, ':1'),
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
      }),
    ).rejects.toThrow(/File storage is not reachable \(S3 bucket "missing-bucket"\)/);
  });
});
