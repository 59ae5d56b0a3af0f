// The built-in generator's thread (started by builtin-thread.ts). Reading a long document with wink-nlp
// takes seconds of CPU; here that time is not taken from the server's event loop. Plain
// JavaScript that registers tsx itself, because a worker does not inherit the TypeScript
// loader of the thread that started it.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { generateBuiltinCards } = await import('../../core/cards-from-text/index.ts');

parentPort?.on('message', ({ id, request }) => {
  try {
    parentPort?.postMessage({ id, cards: generateBuiltinCards(request) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
