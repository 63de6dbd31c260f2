import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Database, ProvisioningLogTable } from '../../db/schema';
import type { Deps } from '../../deps';

/** Caller-chosen text is cut to this many characters before it is stored. */
export const LOG_TEXT_MAX = 200;
const CHUNK = 20_000;

export interface ProvisioningEntry {
  cloudId: string;
  account: string;
  ip: string;
  userAgent: string;
  result: ProvisioningLogTable['result'];
  tenantId?: string;
  extension?: string;
}

const values = (e: ProvisioningEntry, now: number) => ({
  at: now,
  cloud_id: e.cloudId.slice(0, 40),
  account: e.account.slice(0, LOG_TEXT_MAX),
  tenant_id: e.tenantId ?? null,
  extension: e.extension ?? null,
  ip: e.ip.slice(0, 64),
  user_agent: e.userAgent.slice(0, LOG_TEXT_MAX),
  result: e.result,
});

/** Records a request whose credentials were checked (each one was claimed from the sign-in throttle first). */
export async function recordProvisioning(deps: Deps, e: ProvisioningEntry): Promise<void> {
  await deps.db.kysely.insertInto('provisioning_log').values(values(e, Date.now())).execute();
}

/**
 * Records a refusal that cost no password check (throttled, incomplete, another cloud) at most once per account and
 * once per address in each sign-in window: both keys are unique, so of any number of parallel requests one row
 * is written and the others conflict and write nothing.
 */
export async function recordProvisioningOnce(
  deps: Deps,
  kind: 'throttled' | 'missing' | 'cloud',
  e: ProvisioningEntry,
): Promise<void> {
  const now = Date.now();
  const window = Math.floor(now / (deps.config.LOGIN_WINDOW_MINUTES * 60_000));
  const account = e.account.replace(/\s+/g, '').toLowerCase().slice(0, LOG_TEXT_MAX);
  await deps.db.kysely
    .insertInto('provisioning_log')
    .values({
      ...values(e, now),
      once_account: `${kind}:${window}:${account}`,
      once_address: `${kind}:${window}:${e.ip.slice(0, 64)}`,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Past `maxRows` the oldest rows go first (ids only grow, so the newest are those above max(id) - maxRows), except
 * each extension's last successful set-up, shown as "App set up <date>". Deletes run in chunks with a pause.
 */
export async function trimProvisioningLog(db: Kysely<Database>, maxRows: number): Promise<number> {
  const { maxId, minId } = await db
    .selectFrom('provisioning_log')
    .select((eb) => [eb.fn.max('id').as('maxId'), eb.fn.min('id').as('minId')])
    .executeTakeFirstOrThrow();
  if (maxId === null || minId === null) return 0;
  const keepAbove = Number(maxId) - maxRows;
  let removed = 0;
  for (let from = Number(minId); from <= keepAbove; from += CHUNK) {
    const res = await sql`
      DELETE FROM provisioning_log
      WHERE id >= ${from} AND id <= ${Math.min(from + CHUNK - 1, keepAbove)}
        AND NOT (
          result = 'ok' AND extension IS NOT NULL AND at = (
            SELECT MAX(p.at) FROM provisioning_log p
            WHERE p.tenant_id = provisioning_log.tenant_id AND p.extension = provisioning_log.extension AND p.result = 'ok'
          )
        )`.execute(db);
    removed += Number(res.numAffectedRows ?? 0);
    await yieldToRequests();
  }
  return removed;
}
