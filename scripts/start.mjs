// `npm start` (the web server) and `npm run worker` (`node scripts/start.mjs worker`): build
// what changed since the last build (scripts/build.mjs), then run the built JavaScript in this
// very process, so signals reach the server directly and a restart with nothing changed only
// hashes the sources.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const worker = process.argv[2] === 'worker';

process.setSourceMapsEnabled(true);
try {
  await buildIfChanged({ parts: worker ? ['server'] : ['web', 'server'] });
} catch (error) {
  console.error('Mnemo could not be built:', error instanceof Error ? error.message : error);
  process.exit(1);
}
const entry = path.join(root, 'dist', 'server', worker ? 'worker-main.mjs' : 'main.mjs');
await import(pathToFileURL(entry).href);
