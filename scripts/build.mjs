// Builds what changed since the last build, and only that:
//   dist/web     the single-page app (Vite), with a .br and a .gz beside every text file;
//   dist/server  the server, `npm run worker`'s entry and every worker-thread entry (esbuild),
//                as plain JavaScript that imports its packages from node_modules.
// Each part keeps a stamp (a hash of its sources and of the files that configure its build) in
// dist/; a part whose stamp matches is not built again. Usage:
//   node scripts/build.mjs            both parts, if changed
//   node scripts/build.mjs --server   the server only (npm run worker)
//   node scripts/build.mjs --force    build even if nothing changed
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const CONFIG_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'];
const SKIP = /\.test\.tsx?$|(^|\/)node_modules\//;

/** Every file under the given folders, sorted, relative to the project root. */
function filesUnder(folders) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (!SKIP.test(relative)) found.push(relative);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) continue;
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(full));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const PARTS = {
  web: {
    sources: () => [...filesUnder(['src/web', 'src/core']), 'vite.config.ts', ...CONFIG_FILES],
    output: path.join(dist, 'web', 'index.html'),
    build: buildWeb,
  },
  server: {
    sources: () => [
      ...filesUnder(['src/server', 'src/core']),
      'scripts/node-support.mjs',
      ...CONFIG_FILES,
    ],
    output: path.join(dist, 'server', 'main.mjs'),
    build: buildServer,
  },
};

const stampFile = (part) => path.join(dist, `.${part}-build-stamp`);

/** Builds each part whose sources changed (or whose output is missing); says what it did. */
export async function buildIfChanged({
  parts = ['web', 'server'],
  force = false,
  log = console.log,
} = {}) {
  for (const part of parts) {
    const { sources, output, build } = PARTS[part];
    const stamp = hashOf(sources());
    const previous = fs.existsSync(stampFile(part)) ? fs.readFileSync(stampFile(part), 'utf8') : '';
    if (!force && previous === stamp && fs.existsSync(output)) continue;
    const started = performance.now();
    log(`Building the ${part === 'web' ? 'web app' : 'server'} (its sources changed)...`);
    fs.rmSync(stampFile(part), { force: true });
    await build();
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(stampFile(part), stamp);
    log(
      `Built the ${part === 'web' ? 'web app' : 'server'} in ${Math.round(performance.now() - started)} ms.`,
    );
  }
}

async function buildWeb() {
  const { build } = await import('vite');
  // Always a production build: Vite takes NODE_ENV from the environment when it is set, and a
  // build started under a test runner (NODE_ENV=test) would otherwise ship React's development
  // build, which the stamp then keeps for every later start.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  await precompress(path.join(dist, 'web'));
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|ttf|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A .br and a .gz beside every text file worth compressing, served by the server (spa.ts). */
async function precompress(folder) {
  const files = fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => path.join(folder, file));
  await Promise.all(
    files.map(async (file) => {
      const bytes = fs.readFileSync(file);
      if (bytes.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: 9 }),
      ]);
      if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
}

/**
 * Worker threads load a file by URL (`new URL('./x.mjs', import.meta.url)`), so each such file
 * becomes an entry of its own, built next to the bundle that refers to it. A worker entry may
 * register tsx to import TypeScript in development: built, tsx is not needed, and the import of
 * `tsx/esm/api` is replaced by a no-op.
 */
function workerEntries() {
  const entries = {};
  const pattern = /new URL\(\s*['"]\.\/([\w.-]+\.mjs)['"]\s*,\s*import\.meta\.url\s*\)/g;
  for (const file of filesUnder(['src/server'])) {
    if (!/\.(ts|mjs)$/.test(file)) continue;
    for (const match of fs.readFileSync(path.join(root, file), 'utf8').matchAll(pattern)) {
      const source = path.join(path.dirname(file), match[1]);
      const name = match[1].replace(/\.mjs$/, '');
      if (entries[name] && entries[name] !== source) {
        throw new Error(`Two worker entries are named ${match[1]}: ${entries[name]} and ${source}`);
      }
      entries[name] = source;
    }
  }
  return entries;
}

const noTsx = {
  name: 'no-tsx',
  setup(build) {
    build.onResolve({ filter: /^tsx\/esm\/api$/ }, () => ({ path: 'tsx', namespace: 'no-tsx' }));
    build.onLoad({ filter: /.*/, namespace: 'no-tsx' }, () => ({
      contents: 'export function register() {}',
      loader: 'js',
    }));
  },
};

/** Files of the test support (as esbuild names its inputs). */
const TEST_SUPPORT = /^test\/|\.test\.tsx?$/;

async function buildServer() {
  const esbuild = await import('esbuild');
  const outdir = path.join(dist, 'server');
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    metafile: true,
    entryPoints: {
      main: 'src/server/main.ts',
      'worker-main': 'src/server/worker-main.ts',
      ...workerEntries(),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The entries check the Node.js version before they import the rest (src/server/main.ts):
    // with splitting, what they import dynamically stays in chunks of its own, so an external
    // package (better-sqlite3) is not imported at the top of the entry.
    splitting: true,
    target: 'node18',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [noTsx],
  });
  // Test support (fixtures, fakes, package builders) never ships: the build fails if product
  // code imports it (eslint.config.js says the same at the import).
  const shipped = Object.keys(result.metafile.inputs).filter((input) => TEST_SUPPORT.test(input));
  if (shipped.length > 0) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw new Error(`The server bundle would ship test support: ${shipped.join(', ')}`);
  }
  // Every worker file a bundle refers to must sit beside it.
  const pattern = /new URL\(\s*["']\.\/([\w.-]+)["']\s*,\s*import\.meta\.url\s*\)/g;
  for (const file of fs.readdirSync(outdir).filter((name) => name.endsWith('.mjs'))) {
    for (const match of fs.readFileSync(path.join(outdir, file), 'utf8').matchAll(pattern)) {
      if (!fs.existsSync(path.join(outdir, match[1]))) {
        throw new Error(`dist/server/${file} refers to ./${match[1]}, which was not built`);
      }
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  await buildIfChanged({
    parts: args.includes('--server') ? ['server'] : args.includes('--web') ? ['web'] : undefined,
    force: args.includes('--force'),
  });
}
