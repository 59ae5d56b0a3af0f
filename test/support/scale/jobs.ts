import type { GenerationJob } from '../../../src/core/generation-requests';
import { HttpClient } from '../http-client';
import { ARTICLE, type Learner, type LoadStats, send } from './learners';

interface StatusAnswer {
  status: string;
  job: GenerationJob;
}

interface CreatedJob {
  id: string;
  user: HttpClient;
  /** The stored path and text of the upload a file job was made from. */
  file?: { path: string; text: string };
}

/**
 * Generation jobs during the load: every few learners start one from pasted text or from an
 * uploaded file (stored in S3), follow it with status long-polls through the proxy, and an
 * observer holds a long-poll on app A to time how soon after the worker's commit it wakes.
 */
export function startJobs() {
  const created: CreatedJob[] = [];
  const running: Promise<void>[] = [];
  const wakeMs: number[] = [];
  let files = 0;
  let observeUrl: string | undefined;
  const pending: CreatedJob[] = [];

  /** Long-polls one job on `client` until it is completed or failed; returns the wake delays. */
  const follow = async (client: HttpClient, jobId: string, stats: LoadStats, timed: boolean) => {
    let known = 'pending';
    for (;;) {
      const sentAt = Date.now();
      const response = await send(stats, () =>
        client.get(`/api/generation/jobs/${jobId}/status?known=${known}&wait=20`),
      );
      const answer = (await response.json()) as StatusAnswer;
      const at = Date.now();
      // The worker's change: taking the job (processing) or finishing it. Only a poll that was
      // already waiting when the worker committed measures a wake.
      const changedAt = Date.parse(
        (answer.status === 'processing' ? answer.job.updated_at : answer.job.completed_at) ?? '',
      );
      if (timed && answer.status !== known && sentAt < changedAt - 20) {
        wakeMs.push(at - changedAt);
      }
      if (answer.status === 'completed' || answer.status === 'failed') return;
      known = answer.status;
    }
  };

  const observe = (job: CreatedJob, stats: LoadStats) => {
    if (!observeUrl) {
      pending.push(job);
      return;
    }
    const onA = new HttpClient(observeUrl);
    for (const [name, value] of job.user.cookies) onA.cookies.set(name, value);
    running.push(follow(onA, job.id, stats, true));
  };

  return {
    created,
    get files() {
      return files;
    },
    wakeMs,
    /** Polls are observed on this app (`observeJobs` sets it). */
    observeOn(url: string, stats: LoadStats) {
      observeUrl = url;
      for (const job of pending.splice(0)) observe(job, stats);
    },
    create(learner: Learner, number: number, stats: LoadStats) {
      const fromFile = number % 2 === 1;
      const work = async () => {
        const deck = (await (
          await send(stats, () =>
            learner.client.post('/api/decks', { name: `Generated ${learner.index}` }),
          )
        ).json()) as { id: string };
        let response: Response;
        const text = `${ARTICLE}\n\nNotes of learner ${learner.index}.`;
        if (fromFile) {
          files++;
          response = await send(stats, () => {
            const form = new FormData();
            form.set('deckId', deck.id);
            form.set(
              'file',
              new File([text], `notes-${learner.index}.txt`, { type: 'text/plain' }),
            );
            return learner.client.request('/api/generation/file', { method: 'POST', body: form });
          });
        } else {
          response = await send(stats, () =>
            learner.client.post('/api/generation/text', { deckId: deck.id, content: text }),
          );
        }
        const body = await response.text();
        if (response.status !== 201) {
          stats.errors.push(`create job: ${response.status} ${body.slice(0, 200)}`);
          return;
        }
        const job = JSON.parse(body) as GenerationJob;
        const entry: CreatedJob = {
          id: job.id,
          user: learner.client,
          ...(fromFile && job.source_file_path
            ? { file: { path: job.source_file_path, text } }
            : {}),
        };
        created.push(entry);
        observe(entry, stats);
        await follow(learner.client, job.id, stats, false);
      };
      running.push(
        work().catch((error: unknown) => {
          stats.errors.push(`job of learner ${learner.index}: ${String(error)}`);
        }),
      );
    },
    /** Waits for every job to finish, then reads each upload back through every app. */
    async finish(appUrls: string[], stats: LoadStats, timeoutMs: number) {
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), timeoutMs).unref(),
      );
      for (;;) {
        const before = running.length;
        if ((await Promise.race([Promise.all(running), timeout])) === 'timeout') {
          stats.errors.push('jobs did not finish in time');
          break;
        }
        if (running.length === before) break;
      }
      let filesChecked = 0;
      for (const job of created.filter((item) => item.file)) {
        let same = true;
        for (const url of appUrls) {
          const client = new HttpClient(url);
          for (const [name, value] of job.user.cookies) client.cookies.set(name, value);
          const path = encodeURIComponent(job.file?.path ?? '');
          const response = await send(stats, () => client.get(`/api/files/content?path=${path}`));
          same &&= response.status === 200 && (await response.text()) === job.file?.text;
        }
        if (same) filesChecked++;
      }
      return { wakeMs, filesChecked };
    },
  };
}
