import { describe, expect, it } from 'vitest';
import { convertAnkiPackage, IMPORT_PHASES } from './convert';
import { convertInThread } from './import-thread';
import { collectPlan } from './plan-pages';
import { createHash } from 'node:crypto';
import { MEDIA_SKIPPED } from './media';
import { tinyPng } from '../../../../test/support/anki/test-media';
import { buildPackage, STOCK } from '../../../../test/support/anki/test-packages';

const NOW = '2026-11-24T12:00:00.000Z';

const pkg = (notes: number) =>
  buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Languages::French' }],
    notes: Array.from({ length: notes }, (_, index) => ({
      guid: `g${index}`,
      mid: STOCK.basic.id,
      tags: 'verbs',
      fields: [`<b>q${index}</b>`, `a${index}`],
      cards: [{ ord: 0 }],
    })),
  });

describe('the conversion step of an Anki import', () => {
  it('turns a package into plain data, reporting its phases and progress', async () => {
    const reports: [string, number, number][] = [];
    const plan = await convertAnkiPackage(pkg(1200), NOW, (...report) => reports.push(report));
    expect(plan.guids).toHaveLength(1200);
    expect(plan.cards[0]).toMatchObject({
      guid: 'g0',
      ord: 0,
      deckName: 'Languages::French',
      tags: 'verbs',
      content: { card_type: 'qa', front_content: '**q0**', back_content: 'a0' },
      schedule: { card_state: 'new' },
    });
    expect(plan.skipped).toEqual([]);
    expect(reports[0]).toEqual([IMPORT_PHASES.reading, 0, 0]);
    expect(reports.slice(1).map((report) => report[1])).toEqual([0, 0, 500, 1000, 1200]);
    expect(reports.at(-1)).toEqual([IMPORT_PHASES.converting, 1200, 1200]);
  });

  it('runs in a thread of its own: the same plan, refusals as the same HttpError, stopped by its signal', async () => {
    const reports: string[] = [];
    const options = {
      signal: new AbortController().signal,
      onProgress: (p: string) => reports.push(p),
    };
    const plan = await collectPlan(await convertInThread(pkg(3), NOW, options));
    expect(plan).toEqual(await convertAnkiPackage(pkg(3), NOW));
    expect(reports).toContain(IMPORT_PHASES.converting);
    await expect(
      convertInThread(new TextEncoder().encode('not a zip'), NOW, options),
    ).rejects.toMatchObject({
      status: 400,
      code: 'NOT_ANKI_PACKAGE',
      message: 'The file is not an Anki package (.apkg or .colpkg)',
    });
    const stop = new AbortController();
    const running = convertInThread(pkg(3), NOW, { signal: stop.signal, onProgress: () => {} });
    stop.abort(new Error('stopped'));
    await expect(running).rejects.toThrow('stopped');
  });

  it('reads the media in the thread: files named by content, fields rewritten, skips counted', async () => {
    const png = tinyPng('convert');
    const name = `${createHash('sha256').update(png).digest('hex')}.png`;
    const bytes = buildPackage({
      generation: 'anki21b',
      noteTypes: [STOCK.basic],
      decks: [{ id: 1, name: 'Pictures' }],
      notes: [
        {
          guid: 'dot',
          mid: STOCK.basic.id,
          fields: ['<img src="dot.png"> and <img src="dot.png">', 'gone <img src="gone.png">'],
          cards: [{ ord: 0 }],
        },
      ],
      media: [{ name: 'dot.png', data: png }],
    });
    const plan = await collectPlan(
      await convertInThread(bytes, NOW, {
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    );
    expect(plan.media).toHaveLength(1);
    expect(plan.media[0]).toMatchObject({ name, contentType: 'image/png' });
    expect(Buffer.from(plan.media[0]!.bytes).equals(png)).toBe(true);
    expect(plan.cards[0]!.content.front_content).toBe(
      `![](mnemo-media:${name}) and ![](mnemo-media:${name})`,
    );
    expect(plan.cards[0]!.content.back_content).toContain('gone.png');
    // The file is named with the note showing it (issue 20 item 8).
    expect(plan.skipped).toEqual([
      { reason: MEDIA_SKIPPED.missing, count: 1, notes: ['“and” (gone.png)'], more_notes: 0 },
    ]);
    expect(plan).toEqual(await convertAnkiPackage(bytes, NOW));
  });
});
