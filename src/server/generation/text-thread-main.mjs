// A text thread's entry (started by text-thread.ts): cleanup, checks, the built-in generator
// and the card checks take CPU time in proportion to the text; here that time is not taken
// from the server's event loop. Plain JavaScript that registers tsx itself, because a worker
// does not inherit the TypeScript loader of the thread that started it.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runTextTask } = await import('./text-tasks.ts');

// One task at a time, in the order they came.
let queue = Promise.resolve();
parentPort?.on('message', ({ id, task }) => {
  queue = queue.then(async () => {
    try {
      parentPort?.postMessage({ id, result: await runTextTask(task) });
    } catch (error) {
      parentPort?.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
