import type { Kysely, Transaction } from 'kysely';
import type { ZodType } from 'zod';
import type { Database } from '../../db/schema';

export interface JobProgress {
  done: number;
  total: number;
  failed: number;
}

/** What a handler gets: its payload, the checkpoint of an earlier interrupted run, and ways to report. */
export interface JobContext<P> {
  id: number;
  payload: P;
  /** What the handler last saved with `progress`, when an earlier run was interrupted; null on a first run. */
  checkpoint: unknown;
  /** Stores progress (and a checkpoint to resume from); throws when this worker lost the job's lease. */
  progress(p: JobProgress, checkpoint?: unknown): Promise<void>;
  /**
   * Runs a side effect once per job and key: the effect's writes and the mark share one transaction, so a
   * re-run (after a crash) skips it. Returns false when it was already done.
   */
  once(key: string, effect: (trx: Transaction<Database>) => Promise<void>): Promise<boolean>;
  db: Kysely<Database>;
}

/** One background job type: a name, the zod schema of its payload, and an idempotent handler returning a report. */
export interface JobDefinition<P = unknown, D = unknown> {
  type: string;
  payload: ZodType<P>;
  run(ctx: JobContext<P>, deps: D): Promise<unknown>;
}

/** Declares a job with its payload type inferred from the schema. */
export function defineJob<P, D>(def: JobDefinition<P, D>): JobDefinition<P, D> {
  return def;
}
