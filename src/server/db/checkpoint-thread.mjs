// The SQLite checkpointer (started by checkpointer.ts): copies the write-ahead log back into the
// database file from a connection of its own in a worker thread, so that no request's COMMIT
// waits for a checkpoint (SQLite's automatic one runs inside the COMMIT that crosses the
// threshold, on the event loop). PASSIVE: it never waits for, nor blocks, readers and writers.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs } = workerData;
const db = new SQLite(file);
db.pragma('busy_timeout = 1000');
// The log is synced to disk before each checkpoint copies it (synchronous=NORMAL in WAL mode).
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');

let stopped = false;
function run() {
  if (stopped) return;
  try {
    const [result] = checkpoint.all();
    parentPort?.postMessage({ checkpointed: result?.checkpointed ?? 0, log: result?.log ?? 0 });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
  setTimeout(run, intervalMs);
}
parentPort?.on('message', (message) => {
  if (message === 'stop') {
    stopped = true;
    db.close();
    parentPort?.close();
  }
});
setTimeout(run, intervalMs);
