import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportedPackage } from '../../../test/support/anki/exported-package';
import { tinyPng } from '../../../test/support/anki/test-media';
import { buildPackage, STOCK } from '../../../test/support/anki/test-packages';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { importRealPackage, realAnkiPackage } from '../../../test/support/real-anki';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 20 item 7: media keep their original file names in packages. A file imported from an
 * Anki package is stored under its content's name (`<sha256>.<ext>`); its export writes it under
 * the name it came with again, and the notes' fields refer to that name.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function exported(user: HttpClient, format: 'current' | 'legacy') {
  const response = await user.get(
    `/api/export/anki?time_zone=UTC${format === 'legacy' ? '&format=legacy' : ''}`,
  );
  expect(response.status).toBe(200);
  return readExportedPackage(new Uint8Array(await response.arrayBuffer()));
}

/** The media names the notes' fields refer to (`<img src>` and `[sound:]`), entities decoded. */
const referencesIn = (fields: string[]) =>
  fields.flatMap((flds) =>
    [...flds.matchAll(/<img src="([^"]+)">|\[sound:([^\]]+)\]/g)].map((match) =>
      (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&'),
    ),
  );

describe('media keep their original names through an import and an export', () => {
  it.each(['current', 'legacy'] as const)(
    "a real Anki deck's pictures go back under their names (%s package)",
    async (format) => {
      const user = await newUser(server.url);
      // A university deck written by Anki, with five pasted pictures ('paste-<sha1>.jpg').
      const bytes = await realAnkiPackage('real/dhbw-_5__ITIL.apkg');
      await importRealPackage(user, bytes, 'dhbw-_5__ITIL.apkg');
      const pkg = await exported(user, format);
      const names = pkg.media.map((file) => file.name).sort();
      expect(names).toEqual([
        'paste-35247934d37c64f96b29f8250e998c7043f8420a.jpg',
        'paste-4cb4ee38e01024647dbbf2fd1e037b2e3b810506.jpg',
        'paste-9710bf161dd5642e4112644dfcd56794c9af7b55.jpg',
        'paste-b85576da8069031efc5391aac753b347976470b6.jpg',
        'paste-d2db7369c4d2d3c8fe334ee0a697ff6802bb1b4d.jpg',
      ]);
      const references = referencesIn(pkg.notes.map((note) => note.flds));
      expect(new Set(references)).toEqual(new Set(names));
    },
  );

  it('keeps names safe and unique in the package', async () => {
    const user = await newUser(server.url);
    const note = (guid: string, name: string) => ({
      guid,
      mid: STOCK.basic.id,
      fields: [`${guid} <img src="${name.replace(/&/g, '&amp;')}">`, 'back'],
      cards: [{ ord: 0 }],
    });
    // Two packages each with a different picture called 'red dot.png'; a name with '&'; a
    // name with path separators; a name Anki cannot use at all.
    const first = buildPackage({
      generation: 'anki21b',
      noteTypes: [STOCK.basic],
      decks: [{ id: 1, name: 'One' }],
      notes: [note('one', 'red dot.png'), note('amp', 'salt & pepper.png')],
      media: [
        { name: 'red dot.png', data: tinyPng('first') },
        { name: 'salt & pepper.png', data: tinyPng('amp') },
      ],
    });
    const second = buildPackage({
      generation: 'anki21b',
      noteTypes: [STOCK.basic],
      decks: [{ id: 1, name: 'Two' }],
      notes: [note('two', 'red dot.png'), note('path', '../up\\side.png'), note('con', 'con')],
      media: [
        { name: 'red dot.png', data: tinyPng('second') },
        { name: '../up\\side.png', data: tinyPng('path') },
        { name: 'con', data: tinyPng('con') },
      ],
    });
    for (const [bytes, name] of [
      [first, 'one.apkg'],
      [second, 'two.apkg'],
    ] as const) {
      const imported = await importAnkiAndWait(user, bytes, { keep_decks: 'true' }, name);
      expect(imported.status, await imported.clone().text()).toBe(200);
    }
    const pkg = await exported(user, 'current');
    const byNote = new Map(
      pkg.notes.map((row) => [row.flds.split(' ')[0] ?? '', referencesIn([row.flds])[0]]),
    );
    const names = pkg.media.map((file) => file.name);
    expect(new Set(names)).toEqual(new Set(byNote.values()));
    expect(names).toHaveLength(5);
    expect(byNote.get('amp')).toBe('salt & pepper.png');
    expect(byNote.get('path')).toBe('..upside.png');
    // No usable original name: the stored (content) name.
    expect(byNote.get('con')).toMatch(/^[0-9a-f]{64}\.png$/);
    // The two 'red dot.png': one keeps the name, the other gets its content's first digits.
    const dots = [byNote.get('one'), byNote.get('two')];
    expect(dots).toContain('red dot.png');
    expect(dots.find((name) => name !== 'red dot.png')).toMatch(/^red dot-[0-9a-f]{8}\.png$/);
  });
});
