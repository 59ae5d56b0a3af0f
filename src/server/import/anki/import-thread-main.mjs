// An import thread's entry (started by import-thread.ts): inflating an Anki package, opening
// its collection and rendering every note take CPU time in proportion to the package; here
// that time is not taken from the server's event loop. Plain JavaScript that registers tsx
// itself, because a worker does not inherit the TypeScript loader of the thread that started it.
// After the plan's head, the thread keeps the rows and answers the job's requests for pages
// (plan-pages.ts) until the job ends it.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { convertAnkiPackage } = await import('./convert.ts');
const { headOf, pageOf } = await import('./plan-pages.ts');

parentPort?.once('message', async ({ bytes, now, timeZone, limits }) => {
  try {
    const plan = await convertAnkiPackage(
      bytes,
      now,
      (phase, done, total) => parentPort?.postMessage({ type: 'progress', phase, done, total }),
      timeZone,
      limits,
    );
    const head = headOf(plan);
    plan.media = [];
    parentPort?.on('message', ({ kind, from }) => {
      parentPort?.postMessage({ type: 'page', kind, from, items: pageOf(plan, kind, from) });
    });
    // The media files' bytes are moved, not copied (each has a buffer of its own: media.ts).
    const transfer = head.media.map((file) => file.bytes.buffer);
    parentPort?.postMessage({ type: 'done', head }, transfer);
  } catch (error) {
    const known = error instanceof Error && 'status' in error && 'code' in error;
    parentPort?.postMessage({
      type: 'error',
      status: known ? error.status : 500,
      code: known ? error.code : 'IMPORT_FAILED',
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
