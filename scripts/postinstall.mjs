// `npm install`'s last step (package.json "postinstall"), in plain JavaScript for any Node.js
// from 18 up: makes sure a Node.js that Mnemo supports is there for the npm scripts
// (scripts/node.mjs) and that better-sqlite3 loads under it. If the running Node.js is
// supported, nothing is installed; otherwise the pinned official Node.js is fetched from the npm
// registry into node_modules/.mnemo-node (scripts/node-runtime.mjs), said in one line.
import { chooseNode, ensureSqlite, installPinnedNode, supportedRange } from './node-runtime.mjs';
import { PINNED_NODE, satisfies } from './node-support.mjs';

const range = supportedRange();
let node = chooseNode(range);
if (!satisfies(process.version, range)) {
  const found = `This machine's Node.js is ${process.version}; Mnemo needs ${range}`;
  if (node) {
    console.log(`Mnemo: ${found}: its npm scripts run on Node.js ${node.version} (${node.path}).`);
  } else {
    console.log(
      `Mnemo: ${found}: installing Node.js ${PINNED_NODE} from the npm registry for its npm scripts...`,
    );
    node = installPinnedNode();
    if (!node) {
      console.error(
        `Mnemo: could not install Node.js ${PINNED_NODE} from the npm registry (see above); install Node.js 22 or 24 and run \`npm install\` again.`,
      );
      process.exit(1);
    }
    console.log(
      `Mnemo: installed Node.js ${node.version} (${node.path}); \`npm start\`, \`npm test\` and the other npm scripts run on it.`,
    );
  }
}
if (!ensureSqlite(node, (line) => console.log(line))) process.exit(1);
