import { parentPort, workerData } from 'node:worker_threads';
import { toLogRecord } from './log-record';
import type { LogStore } from './log-store';
import type { LogStoreTarget } from './open-log-store';

/** Messages between the server's thread and the log worker (see log-worker-client.ts). */
export type ToWorker = { type: 'lines'; id: number; lines: string[]; done?: SharedArrayBuffer } | { type: 'close' };
export type FromWorker = { type: 'stored'; id: number; stored: number; error?: string };

if (!parentPort) throw new Error('log-worker-thread runs as a worker thread');
const port = parentPort;
const target = (workerData as { target: LogStoreTarget }).target;
// Only the store in use is loaded: a SQLite server's worker never loads the PostgreSQL driver (about 7 MB of memory
// in this thread). scripts/build.mjs splits the bundle so that each stays its own file until imported here.
const store: LogStore =
  target.kind === 'postgres'
    ? (await import('./pg-log-store')).openPgLogStore(target.url, target.schema)
    : (await import('./sqlite-log-store')).openSqliteLogStore(target.file);

// Batches are stored one after another, in the order they were logged.
let chain: Promise<void> = Promise.resolve();

async function storeBatch(msg: Extract<ToWorker, { type: 'lines' }>): Promise<void> {
  let reply: FromWorker;
  try {
    // Parsing, the whole-line redaction and the insert all happen here, off the request thread.
    await store.insert(msg.lines.map(toLogRecord));
    reply = { type: 'stored', id: msg.id, stored: msg.lines.length };
  } catch (err) {
    reply = { type: 'stored', id: msg.id, stored: 0, error: err instanceof Error ? err.message : String(err) };
  }
  if (msg.done) {
    // The server's thread is blocked waiting for this batch (it is crashing): wake it.
    const flag = new Int32Array(msg.done);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  }
  port.postMessage(reply);
}

port.on('message', (msg: ToWorker) => {
  if (msg.type === 'lines') chain = chain.then(() => storeBatch(msg));
  else chain = chain.then(() => store.close()).finally(() => port.close());
});
