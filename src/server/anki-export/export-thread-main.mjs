// An .apkg export thread's entry (started by export-thread.ts): rendering every card's fields,
// writing the SQLite collection, compressing it and the media take CPU time in proportion to
// the export; here that time is not taken from the server's event loop. Plain JavaScript that
// registers tsx itself, because a worker does not inherit the TypeScript loader of the thread
// that started it (built, the bundle needs no tsx: scripts/build.mjs). One request at a time,
// answered in order: the main thread waits for each answer before it reads the next page.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { CollectionBuilder } = await import('./collection-builder.ts');

let builder;
parentPort?.on('message', async (request) => {
  try {
    let result = null;
    if (request.type === 'start') builder = new CollectionBuilder(request.start);
    else if (request.type === 'cards') builder.cards(request.cards);
    else if (request.type === 'referenced') result = builder.referenced();
    else if (request.type === 'notes') builder.notes(request.originals);
    else if (request.type === 'reviews') builder.reviews(request.reviews);
    else if (request.type === 'collection') result = await builder.collection();
    else if (request.type === 'media') await builder.media(request.name, request.data);
    else if (request.type === 'close') result = await builder.close();
    parentPort?.postMessage({ result });
  } catch (error) {
    await builder?.abandon().catch(() => {});
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
