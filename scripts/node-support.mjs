// Which Node.js versions Mnemo runs on (package.json "engines"), in plain JavaScript that itself
// runs on any Node.js from 18 up with no dependency: used by scripts/node.mjs (every npm script),
// scripts/postinstall.mjs and the server's entries (src/server/main.ts, worker-main.ts) before
// they import better-sqlite3, whose native module crashes an older Node instead of failing.

/** The pinned Node.js that `npm install` fetches from the npm registry when the running one is not supported. */
export const PINNED_NODE = '22.23.3';

/** [major, minor, patch] of 'v22.1.0' or '22.1.0'; null if it is not such a version. */
export function parseVersion(text) {
  const match = /^\s*v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?\s*$/.exec(String(text));
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** Whether one comparator (`^22.22.0`, `~22.1.0`, `>=22`, `<25.0.0`, `22.1.0`) admits the version. */
function admits(comparator, version) {
  const match = /^(\^|~|>=|<=|>|<|=)?\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(comparator);
  if (!match) throw new Error(`Unsupported version range: ${comparator}`);
  const [, op = '=', major, minor, patch] = match;
  const bound = [Number(major), Number(minor ?? 0), Number(patch ?? 0)];
  const order = compare(version, bound);
  switch (op) {
    case '^':
      // Node's versions are all >= 1.0.0: ^X.Y.Z is X.Y.Z up to the next major.
      return order >= 0 && version[0] === bound[0];
    case '~':
      return (
        order >= 0 && version[0] === bound[0] && (minor === undefined || version[1] === bound[1])
      );
    case '>=':
      return order >= 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    default:
      // `22` or `22.1` is every version of that line, as in semver.
      if (minor === undefined) return version[0] === bound[0];
      if (patch === undefined) return version[0] === bound[0] && version[1] === bound[1];
      return order === 0;
  }
}

/**
 * Whether `version` ('v22.22.1') satisfies `range` (an npm "engines" range made of `||`
 * alternatives, each a space-separated list of comparators, e.g. '^22.22.0 || ^24.0.0').
 */
export function satisfies(version, range) {
  const parsed = parseVersion(version);
  if (!parsed) return false;
  return range
    .split('||')
    .map((alternative) => alternative.trim().split(/\s+/).filter(Boolean))
    .some((comparators) => comparators.length > 0 && comparators.every((c) => admits(c, parsed)));
}

/** The one line said when a Node.js cannot run Mnemo. */
export function unsupportedMessage(what, version, range) {
  return `${what} cannot run on Node.js ${version}: it needs Node.js ${range}. Start it through npm (\`npm start\`, \`npm run worker\`), which runs a supported Node.js, installed by \`npm install\` if need be.`;
}

/**
 * Stops the process with one line (exit code 1) unless it runs on a Node.js within `range`.
 * Called by the server's entries before they import anything native.
 */
export function exitUnlessSupported(what, range, version = process.version) {
  if (satisfies(version, range)) return;
  process.stderr.write(`${unsupportedMessage(what, version, range)}\n`);
  process.exit(1);
}
