// Runs an npm script's command on the Node.js Mnemo supports (scripts/node-runtime.mjs): the
// running one if package.json "engines" allows it, else the pinned one that `npm install`
// fetched. Plain JavaScript for any Node.js from 18 up, used by package.json's scripts:
//   node scripts/node.mjs scripts/start.mjs   a JavaScript file, run by that Node.js
//   node scripts/node.mjs vitest run          a command from node_modules/.bin (or PATH)
// The chosen Node.js's folder goes first on PATH, so `#!/usr/bin/env node` scripts (vitest,
// playwright, tsx, eslint) and every `node` they start run on it too. better-sqlite3 is rebuilt
// once if it does not load under it (say, after switching Node.js with nvm).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chooseNode, ensureSqlite, root, supportedRange } from './node-runtime.mjs';
import { PINNED_NODE } from './node-support.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/node.mjs <file.mjs | command> [arguments...]');
  process.exit(2);
}
const range = supportedRange();
const node = chooseNode(range);
if (!node) {
  console.error(
    `Mnemo cannot run on Node.js ${process.version}: it needs Node.js ${range}, and the Node.js ${PINNED_NODE} that \`npm install\` fetches for it is not installed: run \`npm install\`.`,
  );
  process.exit(1);
}
ensureSqlite(node);

// node_modules/.bin too, as npm run does, so that the launcher also works outside npm.
const bins = [node.bin, path.join(root, 'node_modules', '.bin')];
process.env.PATH = [...bins, process.env.PATH ?? ''].join(path.delimiter);
process.env.NODE = node.path;
process.env.npm_node_execpath = node.path;

const isFile = /\.[cm]?js$/.test(command);
if (isFile && node.path === process.execPath) {
  // Already on the right Node.js: run the file in this process (signals reach it directly).
  const file = path.resolve(command);
  process.argv = [process.execPath, file, ...args];
  await import(pathToFileURL(file).href);
} else {
  const child = isFile
    ? spawn(node.path, [command, ...args], { stdio: 'inherit' })
    : spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  // Passed on to the command (a supervisor may signal this process only); a signal sent to the
  // whole process group, as Ctrl-C does, thus reaches the command twice.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('error', (error) => {
    console.error(`Could not run ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else {
      process.exit(code ?? 1);
    }
  });
}
