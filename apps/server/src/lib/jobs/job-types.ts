/** The job queue's options and the two ways a running job is told to stop (lib/jobs/job-queue.ts). */

export interface EnqueueOptions {
  dedupeKey?: string;
  tenantId?: string | null;
  createdBy?: string;
  /**
   * With a dedupe key: also join the job with that key that finished (done) less than this long ago, so the same
   * work asked for again and again (a sync) runs at most once per window.
   */
  joinFinishedWithinMs?: number;
}

export interface JobQueueOptions {
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Names this worker in lease_owner; unique per process by default. */
  owner?: string;
}

/** Thrown inside a handler when another worker took the job over (this one's lease ran out). */
export class LeaseLost extends Error {}

/** Thrown by progress() once the queue is stopping: the job has stored its checkpoint and is handed back. */
export class JobPaused extends Error {}
