import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { defineJob, type JobQueue } from '../../lib/jobs';
import { trimProvisioningLog } from '../provisioning/provisioning-log';

export const HOUSEKEEPING = 'housekeeping.cleanup';
const EVERY_MS = 3_600_000;
const DAY = 86_400_000;

export type HousekeepingRule = Pick<
  Config,
  | 'HISTORY_RETENTION_DAYS'
  | 'SESSION_IDLE_HOURS'
  | 'SESSION_MAX_HOURS'
  | 'LOGIN_WINDOW_MINUTES'
  | 'PROVISIONING_LOG_MAX_ROWS'
>;

/** How many rows each cleanup removed. */
export interface HousekeepingReport {
  sessions: number;
  app_sessions: number;
  password_resets: number;
  login_failures: number;
  provisioning_log: number;
  jobs: number;
  mail_messages: number;
}

const n = (r: { numDeletedRows: bigint } | undefined) => Number(r?.numDeletedRows ?? 0);

/**
 * Removes what can no longer be used or is past HISTORY_RETENTION_DAYS: ended, idle and too old sessions (past
 * SESSION_MAX_HOURS; they can never be used again), reset links a day past their expiry, sign-in failure counters
 * past their window, the provisioning history, also past PROVISIONING_LOG_MAX_ROWS (each extension keeps its last
 * successful set-up, shown as "App set up <date>"), finished jobs with their once-only marks, and delivered mail.
 * The audit trail is never removed here.
 */
export async function housekeep(
  db: Kysely<Database>,
  rule: HousekeepingRule,
  now = Date.now(),
  runningJobId?: number,
): Promise<HousekeepingReport> {
  const idleBefore = now - rule.SESSION_IDLE_HOURS * 3_600_000;
  const startedBefore = now - rule.SESSION_MAX_HOURS * 3_600_000;
  const historyBefore = now - rule.HISTORY_RETENTION_DAYS * DAY;
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', 'is not', null),
        eb('last_used_at', '<', idleBefore),
        eb('created_at', '<', startedBefore),
      ]),
    )
    .executeTakeFirst();
  const appSessions = await db
    .deleteFrom('app_sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', 'is not', null),
        eb('last_used_at', '<', idleBefore),
        eb('created_at', '<', startedBefore),
      ]),
    )
    .executeTakeFirst();
  const resets = await db
    .deleteFrom('password_resets')
    .where('expires_at', '<', now - DAY)
    .executeTakeFirst();
  // Each counter knows when its window ends (sign-in windows, the daily PIN cap, remembered addresses).
  const failures = await db.deleteFrom('login_failures').where('expires_at', '<', now).executeTakeFirst();
  // Every row past the retention, except the newest successful one of each extension.
  const provisioning = await sql`
    DELETE FROM provisioning_log
    WHERE at < ${historyBefore}
      AND NOT (
        result = 'ok' AND extension IS NOT NULL AND at = (
          SELECT MAX(p.at) FROM provisioning_log p
          WHERE p.tenant_id = provisioning_log.tenant_id AND p.extension = provisioning_log.extension AND p.result = 'ok'
        )
      )`.execute(db);
  const overCap = await trimProvisioningLog(db, rule.PROVISIONING_LOG_MAX_ROWS);
  const oldJobs = db
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<', historyBefore)
    .where('id', '!=', runningJobId ?? -1);
  const jobs = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('job_effects').where('job_id', 'in', oldJobs).execute();
    return trx.deleteFrom('jobs').where('id', 'in', oldJobs).executeTakeFirst();
  });
  const mail = await db
    .deleteFrom('mail_messages')
    .where('status', 'in', ['sent', 'logged'])
    .where('created_at', '<', historyBefore)
    .executeTakeFirst();
  return {
    sessions: n(sessions),
    app_sessions: n(appSessions),
    password_resets: n(resets),
    login_failures: n(failures),
    provisioning_log: Number(provisioning.numAffectedRows ?? 0) + overCap,
    jobs: n(jobs),
    mail_messages: n(mail),
  };
}

export const housekeepingJob = defineJob<Record<string, never>, Deps>({
  type: HOUSEKEEPING,
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  run: (ctx, deps) => housekeep(ctx.db, deps.config, Date.now(), ctx.id),
});

/**
 * Queues the cleanup now and every hour, as a job: the dedupe key makes several instances share one run, and a run
 * cut short by a restart is simply queued again at the next start.
 */
export function scheduleHousekeeping(jobs: JobQueue<Deps>, onError: (err: unknown) => void): () => void {
  const queue = () =>
    void jobs.enqueue(HOUSEKEEPING, {}, { dedupeKey: HOUSEKEEPING, createdBy: 'system' }).catch(onError);
  queue();
  const timer = setInterval(queue, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
