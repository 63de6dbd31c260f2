import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './log-worker-thread';
import type { LogStoreTarget } from './open-log-store';

const WORKER_URL = new URL('./log-worker.mjs', import.meta.url);
/**
 * How long a crashing server waits for its last lines to be stored: a crash before the first batch starts the worker
 * first (its own isolate and store driver), which took more than 3 s on a loaded 2-core machine (PostgreSQL).
 */
const SYNC_WAIT_MS = 10_000;
/** After the worker died, how long before another one is started (so a store that cannot open does not spin). */
const RESTART_AFTER_MS = 5000;
const CLOSE_WAIT_MS = 10_000;
/**
 * The worker's young generation, in MB (V8 lets it grow to tens of MB by default): a batch of lines is a few hundred
 * KB of short-lived strings, so a small one is collected often and cheaply, off the request thread, and keeps the
 * worker's memory about 4 MB lower (docs/benchmarks.md, "Memory").
 */
const WORKER_YOUNG_GENERATION_MB = 4;

/**
 * The server's end of the log worker: a worker thread that owns every write to the log store. Parsing each
 * line, the whole-line redaction and the insert cost about 5 µs a line; in the worker they are off the thread
 * that answers requests, which only hands over a batch of strings (docs/benchmarks.md).
 */
export class LogWorkerClient {
  private worker: Worker | null = null;
  private startedAt = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (stored: number) => void; reject: (err: Error) => void }>();
  private closed = false;

  /**
   * The worker starts with the first batch (the writer hands one over within 500 ms), not here: its start (its own
   * isolate and driver, about a quarter of a second of CPU) then does not compete with the server's own start.
   */
  constructor(private readonly target: LogStoreTarget) {}

  /** Stores a batch of pino lines; resolves with the number stored, rejects when the batch was lost. */
  insert(lines: string[]): Promise<number> {
    const worker = this.running();
    if (!worker) return Promise.reject(new Error(this.closed ? 'log worker closed' : 'log worker is restarting'));
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      // A batch on its way keeps the process alive until it is stored; an idle worker never does.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'lines', id, lines } satisfies ToWorker);
    });
  }

  /** On a crash: hands the last lines over and blocks until they are stored (or SYNC_WAIT_MS passed). */
  insertSync(lines: string[]): boolean {
    // A crash before the first batch starts the worker here; it starts in its own thread while this one waits.
    const worker = this.worker ?? (this.closed ? null : this.start());
    if (!worker) return false;
    const done = new SharedArrayBuffer(4);
    worker.postMessage({ type: 'lines', id: this.nextId++, lines, done } satisfies ToWorker);
    return Atomics.wait(new Int32Array(done), 0, 0, SYNC_WAIT_MS) !== 'timed-out';
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    worker.ref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' } satisfies ToWorker);
    const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
    await exited;
    clearTimeout(timer);
  }

  private running(): Worker | null {
    if (this.worker) return this.worker;
    if (this.closed || Date.now() - this.startedAt < RESTART_AFTER_MS) return null;
    return this.start();
  }

  private start(): Worker {
    const worker = new Worker(WORKER_URL, {
      workerData: { target: this.target },
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    this.worker = worker;
    this.startedAt = Date.now();
    worker.unref();
    worker.on('message', (msg: FromWorker) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.error) p.reject(new Error(msg.error));
      else p.resolve(msg.stored);
    });
    worker.on('error', (err) => this.lost(worker, err));
    worker.on('exit', (code) => this.lost(worker, new Error(`log worker stopped (exit code ${code})`)));
    return worker;
  }

  private lost(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    if (!this.closed) process.stderr.write(`log store: the log worker stopped: ${err.message}\n`);
  }
}
