import { describe, expect, it } from 'vitest';
import { convertAnkiPackage, IMPORT_PHASES } from './convert';
import { convertInThread } from './import-thread';
import { buildPackage, STOCK } from './test-packages';

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
    const plan = await convertInThread(pkg(3), NOW, options);
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
});
