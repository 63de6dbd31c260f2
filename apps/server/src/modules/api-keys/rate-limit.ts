import type { Db } from '../../db/database';

export const RATE_WINDOW_MS = 60_000;

/**
 * Counts one request of a key in its current minute and records its use, in ONE statement (an upsert that returns
 * the new count), so parallel requests on any number of instances are each counted once: with a limit of n, exactly
 * n of any burst get a count within it. A window that has passed starts again at 1. Refused requests keep their
 * count (they were made).
 */
export async function claimRequest(
  db: Db,
  keyId: number,
  ip: string,
  now: number,
): Promise<{ count: number; resetAt: number }> {
  const row = await db.kysely
    .insertInto('api_key_usage')
    .values({ key_id: keyId, window_start: now, count: 1, last_used_at: now, last_used_ip: ip.slice(0, 64) })
    .onConflict((oc) =>
      oc.column('key_id').doUpdateSet((eb) => {
        const passed = eb('api_key_usage.window_start', '<=', now - RATE_WINDOW_MS);
        return {
          count: eb
            .case()
            .when(passed)
            .then(1)
            .else(eb('api_key_usage.count', '+', 1))
            .end(),
          window_start: eb.case().when(passed).then(now).else(eb.ref('api_key_usage.window_start')).end(),
          last_used_at: now,
          last_used_ip: ip.slice(0, 64),
        };
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.window_start) + RATE_WINDOW_MS };
}
