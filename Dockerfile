# Mnemo: the web server (`npm start`) and, with the command `node scripts/start.mjs worker`,
# generation workers (`npm run worker`). See docs/OPERATIONS.md and compose.yaml.

# Build: dependencies with their dev tools, then the web app and the server (dist/). Node.js 22
# (package.json "engines") runs everything here: npm's scripts (scripts/node.mjs keeps the running
# Node.js when it is supported) and the server, started directly with `node scripts/start.mjs`.
FROM node:22-slim AS build
WORKDIR /app
# Compilers, in case a native module (better-sqlite3) has no prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci's postinstall (scripts/postinstall.mjs) checks that this Node.js is supported (it is, so
# it fetches no other) and that better-sqlite3 loads under it.
COPY scripts/postinstall.mjs scripts/node-runtime.mjs scripts/node-support.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: the built output, its sources (start.mjs checks the build stamp against them and starts
# without rebuilding) and the production dependencies, as the unprivileged `node` user.
FROM node:22-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "scripts/start.mjs"]
