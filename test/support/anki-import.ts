import type { AnkiImportJob } from '../../src/core/anki/import-schemas';
import type { HttpClient } from './http-client';

/** Header of `importAnkiAndWait`'s answer: 'at-once' (the upload's own answer) or the job's end. */
export const IMPORT_OUTCOME = 'x-test-import-outcome';

/**
 * Uploads an Anki package (`POST /api/import/anki`) and follows its job to the end with the
 * long-poll. Answers as the import used to, in one response: a refusal of the upload as it came
 * (outcome 'at-once'), a completed job's summary (200), a failed job's error (outcome 'failed'),
 * with the status the upload really answered (202): no status is made up for a job's failure,
 * whose outcome is in `job` (status 'failed', error code and message).
 */
export async function importAnkiAndWait(
  user: HttpClient,
  bytes: Uint8Array,
  fields: Record<string, string>,
  name = 'deck.apkg',
  timeoutMs = 60_000,
): Promise<Response & { job?: AnkiImportJob }> {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  form.set('file', new File([new Uint8Array(bytes)], name));
  const started = await user.request('/api/import/anki', { method: 'POST', body: form });
  if (started.status !== 202) {
    const text = await started.text();
    return new Response(text, {
      status: started.status,
      headers: { 'content-type': 'application/json', [IMPORT_OUTCOME]: 'at-once' },
    });
  }
  let job = (await started.json()) as AnkiImportJob;
  const deadline = Date.now() + timeoutMs;
  while (job.status === 'pending' || job.status === 'processing') {
    if (Date.now() > deadline) throw new Error(`import job ${job.id} still ${job.status}`);
    const polled = await user.get(`/api/import/jobs/${job.id}?wait=5`);
    if (polled.status !== 200)
      throw new Error(`job status ${polled.status}: ${await polled.text()}`);
    job = (await polled.json()) as AnkiImportJob;
  }
  const answer =
    job.status === 'completed'
      ? new Response(JSON.stringify(job.summary), {
          status: 200,
          headers: { 'content-type': 'application/json', [IMPORT_OUTCOME]: 'completed' },
        })
      : new Response(JSON.stringify({ error: job.error }), {
          status: started.status,
          headers: { 'content-type': 'application/json', [IMPORT_OUTCOME]: 'failed' },
        });
  return Object.assign(answer, { job });
}
