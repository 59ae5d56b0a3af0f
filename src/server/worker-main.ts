// `npm run worker`'s entry (dist/server/worker-main.mjs): checks the Node.js version before
// anything imports better-sqlite3, as main.ts does, then loads the worker.
import { engines } from '../../package.json';
import { exitUnlessSupported } from '../../scripts/node-support.mjs';

exitUnlessSupported("Mnemo's worker", engines.node);
await import('./worker');
