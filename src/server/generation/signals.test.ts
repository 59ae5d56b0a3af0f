import { afterEach, describe, expect, it } from 'vitest';
import {
  ANY_JOB,
  configureJobSignals,
  jobSignals,
  notifyJobChanged,
  notifyJobPending,
  receiveJobNotification,
  watchJob,
} from './signals';

/** Whether the promise has settled after the events already queued have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

afterEach(() => configureJobSignals({ publish: undefined }));

describe('job signals', () => {
  it('keeps a change that came between a read and the wait, so the wait ends at once', async () => {
    const watch = watchJob('job-1');
    notifyJobChanged('job-1');
    expect(await settled(watch.next(60_000))).toBe(true);
    // The change was used up: the next wait waits.
    const waiting = watch.next(60_000);
    expect(await settled(waiting)).toBe(false);
    notifyJobChanged('job-2');
    expect(await settled(waiting)).toBe(false);
    notifyJobChanged('job-1');
    expect(await settled(waiting)).toBe(true);
    watch.close();
    expect(jobSignals.listenerCount('changed')).toBe(0);
  });

  it('ends a wait on abort and on close', async () => {
    const watch = watchJob('job-3');
    const abort = new AbortController();
    const waiting = watch.next(60_000, abort.signal);
    abort.abort();
    expect(await settled(waiting)).toBe(true);
    const again = watch.next(60_000);
    watch.close();
    expect(await settled(again)).toBe(true);
  });

  it('hands committed changes to the publisher with their kind', () => {
    const sent: string[] = [];
    configureJobSignals({ publish: (kind, id) => sent.push(`${kind}:${id}`) });
    notifyJobChanged('a');
    notifyJobPending('b');
    expect(sent).toEqual(['generation:a', 'generation:b']);
  });

  it("turns another process's notification into a wake of the job's polls and of idle workers", async () => {
    const watch = watchJob('job-4');
    const kinds: string[] = [];
    const onJob = (kind: string) => kinds.push(kind);
    jobSignals.on('job', onJob);
    const waiting = watch.next(60_000);
    receiveJobNotification('generation:job-5');
    expect(await settled(waiting)).toBe(false);
    receiveJobNotification('generation:job-4');
    expect(await settled(waiting)).toBe(true);
    // After a reconnection every poll looks again.
    const other = watchJob('job-6');
    const missed = other.next(60_000);
    jobSignals.emit('changed', ANY_JOB);
    expect(await settled(missed)).toBe(true);
    jobSignals.off('job', onJob);
    watch.close();
    other.close();
    expect(kinds).toEqual(['generation', 'generation']);
  });
});
