import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError, isUniqueViolation } from '../errors';
import type { JobContext, JobDefinition, JobProgress } from './job-definition';
import { type EnqueueOptions, JobPaused, type JobQueueOptions, LeaseLost } from './job-types';

/** A job's log lines name its tenant, when it has one, so the logs can be filtered by tenant (issue #19). */
const tenantField = (job: { tenant_id: string | null }) => (job.tenant_id ? { tenant: job.tenant_id } : {});

export { type EnqueueOptions, JobPaused, type JobQueueOptions, LeaseLost } from './job-types';

/**
 * A database-backed job queue. A worker claims a due job with a conditional UPDATE, so several instances on one
 * database never run the same job; it renews the lease while running, and a job whose lease expired (the server
 * was killed) is claimed again and resumes from its checkpoint.
 */
export class JobQueue<D = unknown> {
  readonly owner: string;
  private readonly defs = new Map<string, JobDefinition<unknown, D>>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    definitions: JobDefinition<unknown, D>[],
    private readonly deps: () => D,
    opts: JobQueueOptions = {},
  ) {
    for (const d of definitions) this.defs.set(d.type, d as unknown as JobDefinition<unknown, D>);
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.maxAttempts = opts.maxAttempts ?? 3;
    this.owner = opts.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  /**
   * Queues a job; with a dedupe key, joins the queued or running job with the same key instead (and, with
   * joinFinishedWithinMs, one that finished within that window). Parallel callers cannot both queue: the unique
   * index on active dedupe keys lets one insert in, and the others join it.
   */
  async enqueue(type: string, payload: unknown, opts: EnqueueOptions = {}): Promise<{ id: number; joined: boolean }> {
    const def = this.defs.get(type);
    if (!def) throw new Error(`unknown job type ${type}`);
    const parsed = def.payload.parse(payload);
    const findJoinable = async () => {
      const key = opts.dedupeKey!;
      const active = await this.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('dedupe_key', '=', key)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (active || !opts.joinFinishedWithinMs) return active;
      return this.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('dedupe_key', '=', key)
        .where('status', '=', 'done')
        .where('finished_at', '>=', Date.now() - opts.joinFinishedWithinMs)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    };
    if (opts.dedupeKey) {
      const found = await findJoinable();
      if (found) return { id: found.id, joined: true };
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insertJob(type, parsed, opts);
      } catch (err) {
        // Two callers raced on the same key: the unique index let one in; join it (or, when it has finished in
        // the meantime and may not be joined, try once more).
        if (!opts.dedupeKey || !isUniqueViolation(err)) throw err;
        const found = await findJoinable();
        if (found) return { id: found.id, joined: true };
        if (attempt >= 3) throw err;
      }
    }
  }

  private async insertJob(
    type: string,
    parsed: unknown,
    opts: EnqueueOptions,
  ): Promise<{ id: number; joined: boolean }> {
    const now = Date.now();
    const row = await this.db.kysely
      .insertInto('jobs')
      .values({
        type,
        dedupe_key: opts.dedupeKey ?? null,
        tenant_id: opts.tenantId ?? null,
        payload: JSON.stringify(parsed),
        status: 'queued',
        run_after: now,
        created_by: opts.createdBy ?? '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.kick();
    return { id: row.id, joined: false };
  }

  start(): void {
    this.stopping = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops claiming new jobs and waits for the ones running: a job that reports progress stops at its next report,
   * keeping the checkpoint it gave, and is queued again (resumed by the next start or another instance); one that
   * does not report runs to its end. A job interrupted by a kill instead resumes once its lease has expired.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Runs due jobs until none is left (tests call this instead of waiting for the poller). */
  drain(): Promise<number> {
    this.running ??= this.runDue().finally(() => (this.running = undefined));
    return this.running;
  }

  private kick(): void {
    if (!this.timer || this.stopping) return;
    this.drain().catch((err: unknown) => this.log.error({ err }, 'job worker run failed'));
  }

  private async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (this.stopping && this.timer === undefined && ran > 0) return ran;
      const job = await this.claimNext();
      if (!job) return ran;
      await this.execute(job);
      ran++;
    }
  }

  /** Claims the oldest due job: queued and due, or running with an expired lease. */
  private async claimNext() {
    const now = Date.now();
    const candidates = await this.db.kysely
      .selectFrom('jobs')
      .select(['id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
        ]),
      )
      .orderBy('id')
      .limit(10)
      .execute();
    for (const c of candidates) {
      const claimed = await this.db.kysely
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          lease_owner: this.owner,
          lease_expires_at: now + this.leaseMs,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', c.id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) {
        return this.db.kysely.selectFrom('jobs').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
      }
    }
    return undefined;
  }

  private async execute(job: {
    id: number;
    type: string;
    payload: string;
    checkpoint: string | null;
    attempts: number;
    tenant_id: string | null;
  }): Promise<void> {
    const mine = () =>
      this.db.kysely.updateTable('jobs').where('id', '=', job.id).where('lease_owner', '=', this.owner);
    let lost = false;
    const renew = setInterval(
      () => {
        mine()
          .set({ lease_expires_at: Date.now() + this.leaseMs })
          .executeTakeFirst()
          .then((r) => (lost ||= Number(r.numUpdatedRows) === 0))
          .catch((err: unknown) => this.log.warn({ err, jobId: job.id }, 'job lease renewal failed'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    const def = this.defs.get(job.type);
    try {
      if (!def) throw new Error(`unknown job type ${job.type}`);
      const ctx = this.context(job, def, () => lost);
      const result = await def.run(ctx, this.deps());
      await mine()
        .set({
          status: 'done',
          result: JSON.stringify(result ?? null),
          error: null,
          lease_owner: null,
          lease_expires_at: null,
          finished_at: Date.now(),
          updated_at: Date.now(),
        })
        .execute();
      this.log.info({ jobId: job.id, type: job.type, ...tenantField(job) }, 'job done');
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.log.warn({ jobId: job.id }, 'job lease lost; another worker continues it');
        return;
      }
      if (err instanceof JobPaused) {
        // Not a failed attempt: queued again at once, with the checkpoint its last progress stored.
        await mine()
          .set((eb) => ({
            status: 'queued',
            lease_owner: null,
            lease_expires_at: null,
            run_after: Date.now(),
            attempts: eb('attempts', '-', 1),
            updated_at: Date.now(),
          }))
          .execute();
        this.log.info(
          { jobId: job.id, type: job.type, ...tenantField(job) },
          'job paused for shutdown; it resumes from its checkpoint',
        );
        return;
      }
      // A refusal (AppError) is final and keeps its message key, translated when shown; other errors are retried.
      const message = err instanceof AppError ? err.messageKey : err instanceof Error ? err.message : String(err);
      const retry = !(err instanceof AppError) && job.attempts < this.maxAttempts;
      this.log.error({ err, jobId: job.id, type: job.type, ...tenantField(job), retry }, 'job failed');
      const now = Date.now();
      await mine()
        .set(
          retry
            ? {
                status: 'queued',
                error: message,
                lease_owner: null,
                lease_expires_at: null,
                run_after: now + 1000 * 2 ** job.attempts,
                updated_at: now,
              }
            : {
                status: 'failed',
                error: message,
                lease_owner: null,
                lease_expires_at: null,
                finished_at: now,
                updated_at: now,
              },
        )
        .execute();
    } finally {
      clearInterval(renew);
    }
  }

  private context(
    job: { id: number; payload: string; checkpoint: string | null },
    def: JobDefinition<unknown, D>,
    isLost: () => boolean,
  ): JobContext<unknown> {
    const db = this.db.kysely;
    return {
      id: job.id,
      payload: def.payload.parse(JSON.parse(job.payload)),
      checkpoint: job.checkpoint ? JSON.parse(job.checkpoint) : null,
      db,
      progress: async (p: JobProgress, checkpoint?: unknown) => {
        if (isLost()) throw new LeaseLost();
        const r = await db
          .updateTable('jobs')
          .set({
            done: p.done,
            total: p.total,
            failed: p.failed,
            ...(checkpoint === undefined ? {} : { checkpoint: JSON.stringify(checkpoint) }),
            lease_expires_at: Date.now() + this.leaseMs,
            updated_at: Date.now(),
          })
          .where('id', '=', job.id)
          .where('lease_owner', '=', this.owner)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw new LeaseLost();
        // SQLite's calls complete without leaving the event loop's current turn: let requests and signals in
        // between reports, so a long job on SQLite neither stalls the server nor delays its shutdown.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.stopping) throw new JobPaused();
      },
      once: async (key, effect) => {
        try {
          return await db.transaction().execute(async (trx) => {
            const mark = await trx
              .insertInto('job_effects')
              .values({ job_id: job.id, effect_key: key, created_at: Date.now() })
              .onConflict((oc) => oc.columns(['job_id', 'effect_key']).doNothing())
              .executeTakeFirst();
            if (Number(mark.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
            await effect(trx);
            return true;
          });
        } catch (err) {
          if (isUniqueViolation(err)) return false;
          throw err;
        }
      },
    };
  }
}
