import { Worker } from 'node:worker_threads';
import type { CardGenerator, GeneratedCard, GenerationRequest } from './generator';

type Reply = { id: number; cards: GeneratedCard[] } | { id: number; error: string };

/**
 * The built-in generator (src/core/cards-from-text) in a worker thread of its own, so that the
 * seconds a long document can take never block the requests this process serves. The thread
 * starts with the first request, answers requests in order, and is started again if it dies.
 */
export function createBuiltinThreadGenerator(): CardGenerator {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (cards: GeneratedCard[]) => void; reject: (error: Error) => void }
  >();

  const start = () => {
    const thread = new Worker(new URL('./builtin-thread-main.mjs', import.meta.url));
    thread.unref();
    thread.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) thread.unref(); // idle: it does not keep the process alive
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.cards);
    });
    const fail = (error: Error) => {
      if (worker === thread) worker = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) =>
      fail(new Error(`the generator thread stopped (exit code ${code})`)),
    );
    return thread;
  };

  return (request: GenerationRequest) =>
    new Promise<GeneratedCard[]>((resolve, reject) => {
      if (request.signal?.aborted) return reject(request.signal.reason as Error);
      worker ??= start();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.ref();
      request.signal?.addEventListener(
        'abort',
        () => {
          // The thread finishes the document; its answer is simply not waited for.
          if (pending.delete(id)) reject(request.signal?.reason as Error);
          if (pending.size === 0) worker?.unref();
        },
        { once: true },
      );
      worker.postMessage({
        id,
        request: {
          content: request.content,
          strategy: request.strategy,
          cardTypes: request.cardTypes,
        },
      });
    });
}
