// Empties the e2e data directory (database, outbox) before the test server starts.
// It runs as part of the webServer command: Playwright starts the webServer before any
// globalSetup, so a globalSetup would delete the live database of the running server.
import fs from 'node:fs';

fs.rmSync(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}`, { recursive: true, force: true });
