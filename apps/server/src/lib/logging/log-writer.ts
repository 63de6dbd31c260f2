/** Where batches go: the log worker (log-worker-client.ts), or anything else that stores pino lines. */
export interface LogSink {
  insert(lines: string[]): Promise<unknown>;
  /** Stores the lines before returning (used while the process is crashing); false when it could not. */
  insertSync?(lines: string[]): boolean;
  close?(): Promise<void>;
}

export interface LogWriterOptions {
  flushMs?: number;
  batchLines?: number;
  /** Lines kept while the store is slow or down; past it the oldest are dropped (and counted). */
  maxBuffered?: number;
}

/**
 * A pino destination that buffers lines and hands them to the sink in batches (every `flushMs` or
 * `batchLines`), one batch at a time. `write` only pushes a string, so a log call never waits for the store.
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
    private readonly sink: LogSink,
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

  /** On a crash: store what is buffered before the process ends (waits a few seconds at most). */
  flushSync(): void {
    const lines = this.take();
    if (lines.length && this.sink.insertSync?.(lines) === false) this.dropped += lines.length;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await this.sink.close?.();
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
      await this.sink.insert(lines);
    } catch (err) {
      // Never through the logger itself: that would feed the failure back into the store.
      this.dropped += lines.length;
      process.stderr.write(
        `log store: ${lines.length} lines not stored: ${err instanceof Error ? err.message : String(err)}\n`,
      );
    }
  }
}
