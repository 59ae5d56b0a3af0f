import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportJob } from '../../../core/anki/import-schemas';
import { runOnServerDatabase } from '../../../../test/support/database-access';
import { json, newUser } from '../../../../test/support/fixtures';
import type { HttpClient } from '../../../../test/support/http-client';
import { buildPackage, STOCK } from '../../../../test/support/anki/test-packages';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

/**
 * Issue 21 item 7: import jobs are shared fairly between users. Three uploads of one user held
 * another user's import behind them (jobs ran oldest first); now a user served less recently
 * goes first. The jobs wait in a process without an import worker, then one worker in a second
 * process (same database) takes them one at a time; the order they started in is read back.
 */
let queueing: TestServer;
let working: TestServer | undefined;

beforeAll(async () => {
  queueing = await startTestServer({ env: { GENERATION_WORKERS: '0', ANKI_IMPORT_WORKERS: '0' } });
});

afterAll(async () => {
  await working?.stop();
  await queueing?.stop();
});

const pkg = (name: string) =>
  buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name }],
    notes: [{ guid: name, mid: STOCK.basic.id, fields: [name, 'answer'], cards: [{ ord: 0 }] }],
  });

async function upload(user: HttpClient, name: string): Promise<string> {
  const form = new FormData();
  form.set('keep_decks', 'true');
  form.set('file', new File([new Uint8Array(pkg(name))], `${name}.apkg`));
  const job = await json<AnkiImportJob>(
    await user.request('/api/import/anki', { method: 'POST', body: form }),
    202,
  );
  return job.id;
}

describe('import jobs of several users', () => {
  it('go to the user served least recently, not all of the first uploader’s first', async () => {
    const busy = await newUser(queueing.url, 'busy');
    const patient = await newUser(queueing.url, 'patient');
    const jobs = new Map<string, { name: string; owner: HttpClient }>();
    for (const name of ['busy-1', 'busy-2', 'busy-3']) {
      jobs.set(await upload(busy, name), { name, owner: busy });
    }
    jobs.set(await upload(patient, 'patient-1'), { name: 'patient-1', owner: patient });

    working = await startTestServer({
      shareWith: queueing,
      env: { GENERATION_WORKERS: '0', ANKI_IMPORT_WORKERS: '1' },
    });
    for (const [id, { owner }] of jobs) {
      for (;;) {
        const job = await json<AnkiImportJob>(
          await owner.get(`/api/import/jobs/${id}?wait=5`),
          200,
        );
        if (job.status === 'completed') break;
        expect(['pending', 'processing']).toContain(job.status);
      }
    }
    const rows = await runOnServerDatabase(
      queueing,
      `select id from import_jobs where id in (${[...jobs.keys()].map(() => '?').join(', ')})
       order by started_at`,
      [...jobs.keys()],
    );
    expect(rows.map((row) => jobs.get(String(row.id))?.name)).toEqual([
      'busy-1',
      'patient-1',
      'busy-2',
      'busy-3',
    ]);
  }, 120_000);
});
