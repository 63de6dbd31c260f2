import { AppError } from './errors';

/**
 * The queue every scrypt of the process goes through (issue #17). scrypt runs in libuv's thread pool, which file
 * reads and DNS lookups share: left alone, a burst of sign-ins takes every thread and queues them all behind it. So:
 * - at most `concurrency` derivations run at once (the pool's size minus two), the other threads stay free;
 * - a check is ADMITTED before any of its other work (the sign-in throttle, the account lookup) and refused at once
 *   (429 `server_busy`, Retry-After) when those admitted already hold `maxWaitMs` of work: a caller does not wait
 *   longer than that, and a refused call has changed nothing;
 * - work that must not be refused (a background job's hash) is admitted past the limit and simply waits its turn,
 *   still counting towards the queue.
 * The cost of one derivation is measured as the queue runs (a moving average), so the limit follows the machine's
 * load. The queue is per process, like the pool it protects.
 */
export class PasswordQueue {
  private held = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaitMs: number,
    /** The moving average of one derivation, in ms; a first guess until the queue has measured one. */
    private costMs = 200,
  ) {}

  /** Checks held at once: those running plus those whose wait stays within maxWaitMs (at least one each). */
  get capacity(): number {
    const queued = Math.floor((this.maxWaitMs / this.costMs) * this.concurrency);
    return this.concurrency + Math.max(this.concurrency, queued);
  }

  /** Admitted and not yet finished: running, waiting for a thread, or doing their other work first. */
  get load(): number {
    return this.held;
  }

  /** Takes a place, or refuses with 429 when the queue is full (`mayRefuse`, the default). */
  admit(mayRefuse = true): Ticket {
    if (mayRefuse && this.held >= this.capacity) throw this.busy();
    this.held++;
    let released = false;
    return {
      run: (fn) => this.run(fn),
      release: () => {
        if (released) return;
        released = true;
        this.held--;
      },
    };
  }

  /** Runs one admitted place's work; `release` it when done. */
  async with<T>(fn: (ticket: Ticket) => Promise<T>, mayRefuse = true): Promise<T> {
    const ticket = this.admit(mayRefuse);
    try {
      return await fn(ticket);
    } finally {
      ticket.release();
    }
  }

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    // A finished derivation hands its thread straight to the next in line, so `running` never overshoots.
    if (this.running < this.concurrency) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const started = performance.now();
    try {
      return await fn();
    } finally {
      this.costMs = 0.8 * this.costMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private busy(): AppError {
    // The time the checks already admitted need, rounded up: when a retry finds room again.
    const seconds = Math.max(1, Math.ceil((this.held * this.costMs) / this.concurrency / 1000));
    return new AppError('server_busy', 'serverBusy', { seconds }, { 'retry-after': String(seconds) });
  }
}

export interface Ticket {
  /** Runs one derivation when a thread of the queue is free. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  release(): void;
}
