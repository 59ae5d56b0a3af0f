import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import type { TextImportPreview, TextImportResult } from '../../core/import/import-schemas';
import { TEXT_IMPORT_MESSAGES } from '../../core/import/text-import';
import { createCard, createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;
let user: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  user = await newUser(server.url);
});

afterAll(async () => {
  await server?.stop();
});

const cardsOf = async (client: HttpClient, deckId: string) =>
  (await json<FlashcardPage>(await client.get(`/api/flashcards?deck_id=${deckId}&limit=1000`), 200))
    .flashcards;
const deckCount = async (client: HttpClient, deckId: string) =>
  (await json<{ card_count: number }>(await client.get(`/api/decks/${deckId}`), 200)).card_count;

/** The body as sent, the byte-order mark kept (Response.text() drops it). */
const csvText = async (response: Response) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

const quizlet = 'hola\thello\nadiós\tgoodbye, bye\ngracias\tthank you\n';

describe('text import', () => {
  it('counts the lines starting with # it takes as comments, and imports them as cards when asked (issue 20)', async () => {
    const deck = await createDeck(user, 'Hashes');
    const text = 'hola\thello\n#hashtag\ta word marked with #\n# C#\ta language\n';
    const preview = await json<TextImportPreview>(
      await user.post(`/api/decks/${deck.id}/import/text/preview`, { text }),
      200,
    );
    expect(preview).toMatchObject({ format: 'quizlet', total_rows: 1, comment_lines: 2 });
    const mapping = { ...preview.mapping, hash_lines: 'cards' };
    const asCards = await json<TextImportPreview>(
      await user.post(`/api/decks/${deck.id}/import/text/preview`, { text, mapping }),
      200,
    );
    expect(asCards).toMatchObject({ total_rows: 3, card_count: 3, comment_lines: 0 });
    await json<TextImportResult>(
      await user.post(`/api/decks/${deck.id}/import/text`, { text, mapping }),
      201,
    );
    expect((await cardsOf(user, deck.id)).map((card) => card.front_content).sort()).toEqual([
      '# C#',
      '#hashtag',
      'hola',
    ]);
  });

  it('previews a Quizlet export: format, separator, columns, rows, suggested mapping', async () => {
    const deck = await createDeck(user, 'Spanish');
    const preview = await json<TextImportPreview>(
      await user.post(`/api/decks/${deck.id}/import/text/preview`, { text: quizlet }),
      200,
    );
    expect(preview).toMatchObject({
      format: 'quizlet',
      separator: '\t',
      column_count: 2,
      mapping: { front: 1, back: 2, type: null, tags: null },
      total_rows: 3,
      card_count: 3,
      problems: [],
    });
    expect(preview.rows[1]).toEqual({ line: 2, fields: ['adiós', 'goodbye, bye'] });
    const anki = await json<TextImportPreview>(
      await user.post(`/api/decks/${deck.id}/import/text/preview`, {
        text: '#deck:Spanish::Verbs\n#notetype:Basic\n#tags:es\n#guid column:1\n#deck column:2\nid\tdeck\thablar\tto speak\n',
      }),
      200,
    );
    expect(anki).toMatchObject({
      format: 'anki',
      deck: 'Spanish::Verbs',
      notetype: 'Basic',
      tags: ['es'],
      meta_columns: { guid: 1, notetype: null, deck: 2, tags: null },
      mapping: { front: 3, back: 4 },
    });
    expect(await deckCount(user, deck.id)).toBe(0);
  });

  it('imports with a mapping (back and front swapped, tags column, #tags header)', async () => {
    const deck = await createDeck(user, 'Mapped');
    const text =
      '#separator:Comma\n#tags:imported\nanswer one,question one,t1 t2\nanswer two,question two,\n';
    const result = await json<TextImportResult>(
      await user.post(`/api/decks/${deck.id}/import/text`, {
        text,
        mapping: { front: 2, back: 1, tags: 3 },
      }),
      201,
    );
    expect(result).toEqual({ imported_rows: 2, card_count: 2, skipped: [] });
    const cards = await cardsOf(user, deck.id);
    expect(cards.map((card) => [card.front_content, card.back_content]).sort()).toEqual([
      ['question one', 'answer one'],
      ['question two', 'answer two'],
    ]);
    expect(await deckCount(user, deck.id)).toBe(2);
    const csv = await (await user.get(`/api/decks/${deck.id}/export/csv`)).text();
    expect(csv).toContain('question one,answer one,qa,imported t1 t2,new,');
    expect(csv).toContain('question two,answer two,qa,imported,new,');
  });

  it('refuses bad lines with their numbers and imports nothing; with skip imports the rest', async () => {
    const deck = await createDeck(user, 'Bad lines');
    const text = 'q1\ta1\nq2\ta2\textra\n\ta3\nq4\ta4\n"open\ta5\n';
    const refused = await json<{ error: { code: string; message: string } }>(
      await user.post(`/api/decks/${deck.id}/import/text`, { text }),
      400,
    );
    expect(refused.error.code).toBe('BAD_LINES');
    expect(refused.error.message).toBe(
      `3 lines cannot be imported; skip them or fix the text: line 2: Too many fields: 3 where 2 expected; line 3: The front is empty; line 5: ${TEXT_IMPORT_MESSAGES.unclosedQuote}`,
    );
    expect(await cardsOf(user, deck.id)).toEqual([]);
    expect(await deckCount(user, deck.id)).toBe(0);
    const skipped = await json<TextImportResult>(
      await user.post(`/api/decks/${deck.id}/import/text`, { text, skip_bad_lines: true }),
      201,
    );
    expect(skipped.imported_rows).toBe(2);
    expect(skipped.skipped.map((problem) => problem.line)).toEqual([2, 3, 5]);
    expect((await cardsOf(user, deck.id)).map((card) => card.front_content).sort()).toEqual([
      'q1',
      'q4',
    ]);
    expect(await deckCount(user, deck.id)).toBe(2);
  });

  it('cloze rows make one sibling card per deletion; card_count is exact', async () => {
    const deck = await createDeck(user, 'Cloze');
    const text = '{{c1::Paris}} is the capital of {{c2::France}}\tgeography\nq\ta\n';
    const result = await json<TextImportResult>(
      await user.post(`/api/decks/${deck.id}/import/text`, { text }),
      201,
    );
    expect(result).toMatchObject({ imported_rows: 2, card_count: 3 });
    const cards: Flashcard[] = await cardsOf(user, deck.id);
    const cloze = cards.filter((card) => card.card_type === 'cloze');
    expect(cloze.map((card) => card.cloze_number).sort()).toEqual([1, 2]);
    expect(new Set(cloze.map((card) => card.note_id)).size).toBe(1);
    expect(await deckCount(user, deck.id)).toBe(3);
  });

  it('refuses a cloze row with more deletion numbers than a card may have, as the API does (issue 21)', async () => {
    const deck = await createDeck(user, 'Many deletions');
    const many = Array.from({ length: 1500 }, (_, k) => `{{c${k + 1}::w}}`).join(' ');
    const text = `${many}\tback\nq\ta\n`;
    const refused = await json<{ error: { code: string; message: string } }>(
      await user.post(`/api/decks/${deck.id}/import/text`, { text }),
      400,
    );
    expect(refused.error.code).toBe('BAD_LINES');
    expect(refused.error.message).toContain(
      'line 1: A cloze card can use at most 100 deletion numbers (one card each)',
    );
    expect(await deckCount(user, deck.id)).toBe(0);
    const skipped = await json<TextImportResult>(
      await user.post(`/api/decks/${deck.id}/import/text`, { text, skip_bad_lines: true }),
      201,
    );
    expect(skipped).toMatchObject({ imported_rows: 1, card_count: 1 });
    // A card made by hand is refused the same way.
    const byHand = await user.post('/api/flashcards', {
      deck_id: deck.id,
      card_type: 'cloze',
      front_content: many,
      back_content: 'back',
    });
    expect(byHand.status).toBe(400);
  });

  it('answers 400 for a mapping to a missing column, no text, no rows; 404 for a foreign deck', async () => {
    const deck = await createDeck(user, 'Errors');
    const post = (body: unknown) => user.post(`/api/decks/${deck.id}/import/text`, body);
    expect(
      (
        await json<{ error: { message: string } }>(
          await post({ text: quizlet, mapping: { front: 1, back: 3 } }),
          400,
        )
      ).error.message,
    ).toBe('The back column is 3 but the text has 2 columns');
    expect(
      (await json<{ error: { message: string } }>(await post({ text: '  ' }), 400)).error.message,
    ).toBe('Paste some text or choose a file');
    expect(
      (await json<{ error: { message: string } }>(await post({ text: '# only a comment\n' }), 400))
        .error.message,
    ).toBe('The text has no cards to import');
    const other = await newUser(server.url);
    const response = await other.post(`/api/decks/${deck.id}/import/text/preview`, {
      text: quizlet,
    });
    expect(response.status).toBe(404);
  });
});

describe('import limits', () => {
  // 30,000 rows are imported from a file in text-file-import.api.test.ts.
  it('refuses more than 50,000 rows with nothing written', async () => {
    const deck = await createDeck(user, 'Large');
    const rows = Array.from({ length: 50_001 }, (_, index) => `q${index}\ta${index}\n`).join('');
    const refused = await json<{ error: { message: string } }>(
      await user.post(`/api/decks/${deck.id}/import/text`, { text: rows }),
      400,
    );
    expect(refused.error.message).toBe('An import can hold at most 50,000 rows');
    expect(await deckCount(user, deck.id)).toBe(0);
  });
});

describe('CSV export', () => {
  it('round trip: export a deck, import it into a new deck: same fronts, backs, types, tags', async () => {
    const deck = await createDeck(user, 'Round, "trip"');
    await createCard(user, deck.id, 'Line one\nline two, with "quotes"', 'Back; with <b>html</b>');
    await createCard(user, deck.id, 'The {{c1::sun}} and the {{c2::moon}}', 'sky', 'cloze');
    await createCard(user, deck.id, '=1+1', '- a list\n- of two');
    await json(
      await user.post(`/api/decks/${deck.id}/import/text`, { text: '#tags:x::y\nTagged\tcard\n' }),
      201,
    );
    const response = await user.get(`/api/decks/${deck.id}/export/csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('filename="Round_ _trip_.csv"');
    const csv = await csvText(response);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    // Anki's headers (issue 20 item 13), then the column names.
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFF#separator:Comma',
      '#html:true',
      '#columns:Front,Back,Type,Tags,State,Due',
    ]);
    const copy = await createDeck(user, 'Copy');
    const result = await json<TextImportResult>(
      await user.post(`/api/decks/${copy.id}/import/text`, { text: csv }),
      201,
    );
    expect(csv).toContain(`'=1+1,"'- a list`); // guarded against formula injection
    expect(result).toMatchObject({ imported_rows: 4, card_count: 5, skipped: [] });
    const shape = (cards: Flashcard[]) =>
      cards
        .map((card) => [card.front_content, card.back_content, card.card_type, card.cloze_number])
        .sort();
    expect(shape(await cardsOf(user, copy.id))).toEqual(shape(await cardsOf(user, deck.id)));
    const again = await csvText(await user.get(`/api/decks/${copy.id}/export/csv`));
    const body = (text: string) =>
      text
        .split('\r\n')
        .map((line) => line.replace(/,[^,]*$/u, ''))
        .sort();
    expect(body(again)).toEqual(body(csv));
  });

  it('exports all decks with a deck column; only the user own cards', async () => {
    const owner = await newUser(server.url);
    const first = await createDeck(owner, 'A deck');
    const second = await createDeck(owner, '@B deck');
    await createCard(owner, first.id, 'front a', 'back a');
    await createCard(owner, second.id, 'front b', 'back b');
    const csv = await csvText(await owner.get('/api/export/csv'));
    const lines = csv.split('\r\n');
    expect(lines[2]).toBe('#columns:Deck,Front,Back,Type,Tags,State,Due');
    const rows = lines.slice(3, 5).map((line) => line.split(',').slice(0, 3).join(','));
    // The Deck column is guarded against formula injection too.
    expect(rows.sort()).toEqual(["'@B deck,front b,back b", 'A deck,front a,back a']);
    expect(lines).toHaveLength(6);
  });
});
