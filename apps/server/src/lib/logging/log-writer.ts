import { toLogRecord } from './log-record';
import type { LogStore } from './log-store';

export interface LogWriterOptions {
  flushMs?: number;
  batchLines?: number;
  /** Lines kept while the store is slow or down; past it the oldest are dropped (and counted). */
  maxBuffered?: number;
}

/**
 * A pino destination that buffers lines and writes them to the store in batches (every `flushMs` or
 * `batchLines`). `write` only pushes a string, so a log call never waits for the store.
 */
export class LogWriter {
  private buffer: string[] = [];
  private inFlight: Promise<void> = Promise.resolve();
  private scheduled = false;
  private readonly timer: NodeJS.Timeout;
  private readonly batchLines: number;
  private readonly maxBuffered: number;
  dropped = 0;

  constructor(
    private readonly store: LogStore,
    opts: LogWriterOptions = {},
  ) {
    this.batchLines = opts.batchLines ?? 1000;
    this.maxBuffered = opts.maxBuffered ?? 100_000;
    this.timer = setInterval(() => void this.flush(), opts.flushMs ?? 500);
    this.timer.unref();
  }

  write(line: string): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.buffer.shift();
      this.dropped++;
    }
    this.buffer.push(line);
    if (this.buffer.length >= this.batchLines && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Stores everything written so far; resolves when it is stored (or the batch failed and was dropped). */
  flush(): Promise<void> {
    this.inFlight = this.inFlight.then(() => this.writeBatch());
    return this.inFlight;
  }

  /** On a crash: store what is buffered before the process ends (SQLite only; others get a best effort). */
  flushSync(): void {
    const lines = this.take();
    if (lines.length && this.store.insertSync) this.store.insertSync(lines.map(toLogRecord));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private take(): string[] {
    const lines = this.buffer;
    this.buffer = [];
    return lines;
  }

  private async writeBatch(): Promise<void> {
    const lines = this.take();
    if (lines.length === 0) return;
    try {
      await this.store.insert(lines.map(toLogRecord));
    } catch (err) {
      // Never through the logger itself: that would feed the failure back into the store.
      this.dropped += lines.length;
      process.stderr.write(`log store: ${lines.length} lines not stored: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }
}
