// The web server's entry (`npm start` runs its build, dist/server/main.mjs). Static imports are
// evaluated before any code of this module runs, so this one imports nothing native: on a
// Node.js that package.json does not allow, better-sqlite3 would crash the process (a
// segmentation fault) rather than fail. It checks the version first, then loads the server.
import { engines } from '../../package.json';
import { exitUnlessSupported } from '../../scripts/node-support.mjs';

exitUnlessSupported('Mnemo', engines.node);
await import('./serve');
