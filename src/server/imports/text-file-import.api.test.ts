import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { TextImportPreview, TextImportResult } from '../../core/import/import-schemas';
import { IMPORT_MAX_COLUMNS, PLAN_MESSAGES } from '../../core/import/text-import-plan';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { TEXT_FILE_MESSAGES } from './text-import.service';

let server: TestServer;
let user: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  user = await newUser(server.url);
});

afterAll(async () => {
  await server?.stop();
});

const upload = (
  client: HttpClient,
  path: string,
  bytes: Uint8Array<ArrayBuffer> | string,
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new File([bytes], 'cards.csv', { type: 'text/csv' }));
  return client.request(path, { method: 'POST', body: form });
};

const errorOf = async (response: Response, status: number) =>
  (await json<{ error: { code: string; message: string } }>(response, status)).error;

const total = async (client: HttpClient, deckId: string) =>
  (await json<FlashcardPage>(await client.get(`/api/flashcards?deck_id=${deckId}&limit=1`), 200))
    .total;

describe('text import from a file', () => {
  it('imports a file far above the 1 MB JSON limit, in one transaction', async () => {
    const deck = await createDeck(user, 'Big file');
    // 30,000 rows of ~100 characters: about 3 MB.
    const lines = Array.from(
      { length: 30_000 },
      (_, index) => `term number ${index} ${'x'.repeat(40)}\tdefinition ${index} ${'y'.repeat(40)}`,
    );
    const text = `Front\tBack\n${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(2_500_000);
    const path = `/api/decks/${deck.id}/import/text/file`;
    const preview = await json<TextImportPreview>(await upload(user, `${path}/preview`, text), 200);
    expect(preview).toMatchObject({
      total_rows: 30_000,
      card_count: 30_000,
      rows: expect.any(Array),
    });
    expect(preview.rows).toHaveLength(20);
    expect(preview.mapping).toEqual({ front: 1, back: 2, type: null, tags: null });
    const result = await json<TextImportResult>(
      await upload(user, path, text, { mapping: JSON.stringify(preview.mapping) }),
      201,
    );
    expect(result).toMatchObject({ imported_rows: 30_000, card_count: 30_000, skipped: [] });
    expect(await total(user, deck.id)).toBe(30_000);
    // The pasted-text route keeps its 1 MB limit.
    const pasted = await user.post(`/api/decks/${deck.id}/import/text/preview`, { text });
    expect(pasted.status).toBe(413);
  });

  it('applies the mapping and skip_bad_lines from the form; bad lines refuse by default', async () => {
    const deck = await createDeck(user, 'Mapped');
    const text = 'x\thola\thello\nx\t\tempty front\nx\tadiós\tgoodbye\n';
    const path = `/api/decks/${deck.id}/import/text/file`;
    const mapping = JSON.stringify({ front: 2, back: 3 });
    const refused = await errorOf(await upload(user, path, text, { mapping }), 400);
    expect(refused.code).toBe('BAD_LINES');
    expect(refused.message).toContain('line 2: The front is empty');
    expect(await total(user, deck.id)).toBe(0);
    const result = await json<TextImportResult>(
      await upload(user, path, text, { mapping, skip_bad_lines: 'true' }),
      201,
    );
    expect(result.card_count).toBe(2);
    expect(await total(user, deck.id)).toBe(2);
  });

  it('refuses what it cannot read, clearly, and changes nothing', async () => {
    const deck = await createDeck(user, 'Refusals');
    const path = `/api/decks/${deck.id}/import/text/file`;
    // Latin-1 bytes (é as 0xE9) are not UTF-8.
    const latin1 = new Uint8Array([
      0x63, 0x61, 0x66, 0xe9, 0x09, 0x63, 0x6f, 0x66, 0x66, 0x65, 0x65,
    ]);
    expect(await errorOf(await upload(user, `${path}/preview`, latin1), 400)).toEqual({
      code: 'NOT_UTF8',
      message: TEXT_FILE_MESSAGES.notUtf8,
    });
    // One line of 999,999 commas: a wrong separator, not a million columns.
    const wide = `${','.repeat(999_999)}\n`;
    expect(await errorOf(await upload(user, `${path}/preview`, wide), 400)).toEqual({
      code: 'TOO_MANY_COLUMNS',
      message: PLAN_MESSAGES.tooManyColumns(1_000_000),
    });
    const columns = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join('\t');
    expect((await errorOf(await upload(user, path, columns), 400)).code).toBe('TOO_MANY_COLUMNS');
    expect(
      (await errorOf(await upload(user, path, 'hola\thello', { mapping: '{' }), 400)).code,
    ).toBe('VALIDATION_ERROR');
    const noFile = new FormData();
    noFile.set('mapping', '');
    expect(
      (await errorOf(await user.request(path, { method: 'POST', body: noFile }), 400)).code,
    ).toBe('NO_FILE');
    const huge = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    expect((await errorOf(await upload(user, path, huge), 413)).code).toBe('FILE_TOO_LARGE');
    expect(await total(user, deck.id)).toBe(0);
  });

  it("another user's deck is not found", async () => {
    const deck = await createDeck(user, 'Mine');
    const other = await newUser(server.url);
    const response = await upload(other, `/api/decks/${deck.id}/import/text/file`, 'a\tb\n');
    expect(response.status).toBe(404);
    expect(await total(user, deck.id)).toBe(0);
  });
});
