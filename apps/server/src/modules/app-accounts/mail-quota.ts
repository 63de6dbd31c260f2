import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';

const HOUR_MS = 60 * 60_000;

/** One quota to draw from: `count` messages against `limit` per hour under `key`. */
export interface MailClaim {
  key: string;
  count: number;
  limit: number;
}

export const callerMailKey = (caller: { kind: string; id: number }) => `mail:caller:${caller.kind}:${caller.id}`;
export const tenantMailKey = (tenantId: string) => `mail:tenant:${tenantId}`;

/**
 * Adds `count` to a counter only if the total stays within `limit`, in one statement (a conditional upsert), so
 * parallel requests cannot all pass a check made before the write. Returns false when the quota would be exceeded.
 */
async function claimCount(db: Db, c: MailClaim, now: number): Promise<boolean> {
  if (c.count > c.limit) return false;
  const row = await db.kysely
    .insertInto('login_failures')
    .values({ key: c.key, failures: c.count, first_at: now, last_at: now, expires_at: now + HOUR_MS })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => {
          const passed = eb('login_failures.first_at', '<=', now - HOUR_MS);
          return {
            failures: eb
              .case()
              .when(passed)
              .then(c.count)
              .else(eb('login_failures.failures', '+', c.count))
              .end(),
            first_at: eb.case().when(passed).then(now).else(eb.ref('login_failures.first_at')).end(),
            expires_at: eb
              .case()
              .when(passed)
              .then(now + HOUR_MS)
              .else(eb.ref('login_failures.expires_at'))
              .end(),
            last_at: now,
          };
        })
        .where((eb) =>
          eb.or([
            eb('login_failures.first_at', '<=', now - HOUR_MS),
            eb(eb('login_failures.failures', '+', c.count), '<=', c.limit),
          ]),
        ),
    )
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives claimed messages back (the mail they were for will not be queued). */
export const releaseMailQuota = (db: Db, claims: MailClaim[]) => releaseMailQuotaIn(db.kysely, claims);

/** releaseMailQuota inside a given transaction (a job's once-only effect). */
export async function releaseMailQuotaIn(kysely: Kysely<Database>, claims: MailClaim[]): Promise<void> {
  for (const c of claims) {
    if (c.count <= 0) continue;
    await kysely
      .updateTable('login_failures')
      .set((eb) => ({
        failures: eb
          .case()
          .when('failures', '>', c.count)
          .then(eb('failures', '-', c.count))
          .else(0)
          .end(),
      }))
      .where('key', '=', c.key)
      .execute();
  }
}

async function tooManyEmails(db: Db, key: string, now: number): Promise<AppError> {
  const row = await db.kysely.selectFrom('login_failures').select('first_at').where('key', '=', key).executeTakeFirst();
  const until = row ? row.first_at + HOUR_MS : now + HOUR_MS;
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new AppError(
    'too_many_attempts',
    'tooManyEmails',
    { minutes: Math.ceil(seconds / 60) },
    { 'retry-after': String(seconds) },
  );
}

/**
 * Claims every quota or none, before anything is queued: on the first refusal the claims already made are given
 * back and the call answers 429 with Retry-After.
 */
export async function claimMailQuota(db: Db, claims: MailClaim[]): Promise<void> {
  const now = Date.now();
  const taken: MailClaim[] = [];
  for (const c of claims) {
    if (c.count <= 0) continue;
    if (!(await claimCount(db, c, now))) {
      await releaseMailQuota(db, taken);
      throw await tooManyEmails(db, c.key, now);
    }
    taken.push(c);
  }
}
