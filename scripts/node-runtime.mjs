// Which Node.js runs Mnemo's npm scripts, shared by scripts/postinstall.mjs (`npm install`) and
// scripts/node.mjs (every npm script that runs JavaScript). Plain JavaScript with no dependency,
// for any Node.js from 18 up:
//   - the running Node.js, if package.json "engines" allows it;
//   - otherwise the official Node.js PINNED_NODE, which `npm install` fetched from the npm
//     registry (the package node-<platform>-<arch>, binary and headers) into NODE_HOME_DIR.
// Then better-sqlite3 must load under the chosen Node.js; if it does not, it is rebuilt against
// that Node.js's own headers (never the machine's: ~/.npmrc may name another Node's `nodedir`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PINNED_NODE, satisfies } from './node-support.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Inside node_modules: `npm ci` and `rm -rf node_modules` remove it with the modules built for it. */
const NODE_HOME_DIR = path.join(root, 'node_modules', '.mnemo-node');
const SQLITE_STAMP = path.join(NODE_HOME_DIR, 'better-sqlite3-loads');

export function supportedRange() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
}

/** The npm package holding the official Node.js binary for this machine (as `node`'s installer names it). */
function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const arch = platform === 'win' && process.arch === 'ia32' ? 'x86' : process.arch;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${arch}`;
}

const pinnedPrefix = () => path.join(NODE_HOME_DIR, PINNED_NODE);

/** The pinned Node.js's binary, if it is installed. */
function pinnedNodePath() {
  const home = path.join(pinnedPrefix(), 'node_modules', platformPackage());
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(home, 'package.json'), 'utf8'));
    const binary = path.join(home, manifest.bin?.node ?? 'bin/node');
    const exe = process.platform === 'win32' && !binary.endsWith('.exe') ? `${binary}.exe` : binary;
    return fs.existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

/** A Node.js: its binary, version and install prefix (where include/node is, for native builds). */
function describe(binary, version) {
  const bin = path.dirname(binary);
  return { path: binary, version, bin, prefix: path.dirname(bin) };
}

/**
 * The Node.js to run Mnemo on: the running one if supported, else the installed pinned one,
 * else null.
 */
export function chooseNode(range = supportedRange()) {
  if (satisfies(process.version, range)) return describe(process.execPath, process.version);
  const pinned = pinnedNodePath();
  return pinned ? describe(pinned, `v${PINNED_NODE}`) : null;
}

/** How to run npm itself: the npm that runs this script (npm_execpath) if any, else `npm` on PATH. */
function npmCommand() {
  const cli = process.env.npm_execpath;
  if (cli && /\.[cm]?js$/.test(cli)) return { command: process.execPath, args: [cli] };
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [] };
}

/** Installs the pinned Node.js from the npm registry; returns it, or null (npm said why). */
export function installPinnedNode() {
  const prefix = pinnedPrefix();
  fs.rmSync(prefix, { recursive: true, force: true });
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
  const npm = npmCommand();
  const result = spawnSync(
    npm.command,
    [
      ...npm.args,
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      '--prefix',
      prefix,
      `${platformPackage()}@${PINNED_NODE}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' },
  );
  const binary = result.status === 0 ? pinnedNodePath() : null;
  return binary ? describe(binary, `v${PINNED_NODE}`) : null;
}

/** A string that changes when the Node.js or better-sqlite3's native module changes. */
function sqliteKey(node) {
  const parts = [node.path, node.version];
  for (const file of [
    'node_modules/better-sqlite3/package.json',
    'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
  ]) {
    try {
      parts.push(`${file}:${fs.statSync(path.join(root, file)).mtimeMs}`);
    } catch {
      parts.push(`${file}:-`);
    }
  }
  return parts.join('\n');
}

/** Whether better-sqlite3 opens a database under `node` (in a child: a wrong build may crash it). */
function sqliteLoads(node) {
  const result = spawnSync(
    node.path,
    ['-e', "new (require('better-sqlite3'))(':memory:').close()"],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
  return result.status === 0;
}

/**
 * Rebuilds better-sqlite3 for `node`, against its own headers: `npm rebuild` (the package's
 * install script, if it has one), then node-gyp from source if it still does not load.
 */
function rebuildSqlite(node, log) {
  log(`Mnemo: rebuilding better-sqlite3 for Node.js ${node.version} (this takes a few minutes)...`);
  const env = {
    ...process.env,
    PATH: `${node.bin}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: node.prefix,
  };
  const npm = npmCommand();
  // npm run with this node: PATH first, so `#!/usr/bin/env node` and node-gyp use it.
  const viaNode = npm.command === process.execPath ? node.path : npm.command;
  spawnSync(viaNode, [...npm.args, 'rebuild', 'better-sqlite3'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (sqliteLoads(node)) return true;
  // better-sqlite3 13 ships prebuilt binaries and no install script ("gypfile": false): build
  // it with the node-gyp that comes with npm, as its own build-release script does.
  const gyp =
    process.env.npm_config_node_gyp ??
    (process.env.npm_execpath
      ? path.join(
          path.dirname(process.env.npm_execpath),
          '..',
          'node_modules',
          'node-gyp',
          'bin',
          'node-gyp.js',
        )
      : null);
  if (gyp && fs.existsSync(gyp)) {
    spawnSync(node.path, [gyp, 'rebuild', '--release', '--force_build=1'], {
      cwd: path.join(root, 'node_modules', 'better-sqlite3'),
      env,
      stdio: 'inherit',
    });
  }
  return sqliteLoads(node);
}

/**
 * Makes sure better-sqlite3 loads under `node`, rebuilding it once if it does not; remembers the
 * outcome (node_modules/.mnemo-node) until the Node.js or the module changes, so that later
 * scripts neither ask again nor rebuild again. Returns whether it loads.
 */
export function ensureSqlite(node, log = (line) => console.error(line)) {
  if (!fs.existsSync(path.join(root, 'node_modules', 'better-sqlite3'))) return false;
  const failed = `better-sqlite3 does not load under Node.js ${node.version} (${node.path}), even rebuilt for it: Mnemo's server cannot open SQLite.`;
  let previous = '';
  try {
    previous = fs.readFileSync(SQLITE_STAMP, 'utf8');
  } catch {
    // not checked yet
  }
  if (previous === `loads\n${sqliteKey(node)}`) return true;
  if (previous === `fails\n${sqliteKey(node)}`) {
    log(`Mnemo: ${failed}`);
    return false;
  }
  const loads = sqliteLoads(node) || rebuildSqlite(node, log);
  try {
    fs.mkdirSync(NODE_HOME_DIR, { recursive: true });
    fs.writeFileSync(SQLITE_STAMP, `${loads ? 'loads' : 'fails'}\n${sqliteKey(node)}`);
  } catch {
    // A read-only node_modules: ask again next time.
  }
  if (!loads) log(`Mnemo: ${failed}`);
  return loads;
}
