import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { LogStore } from './log-store';

const CHUNK = 20_000;

export interface RetentionRule {
  retentionDays: number;
  maxRows: number;
  now?: number;
}

/**
 * Drops lines older than the retention and, past the size cap, the oldest lines. Deletes run in chunks with a
 * pause between them, so a large cleanup never holds the store (or the event loop) for long.
 */
export async function pruneLogs(store: LogStore, rule: RetentionRule): Promise<number> {
  const db = store.kysely;
  const cutoff = (rule.now ?? Date.now()) - rule.retentionDays * 86_400_000;
  let removed = 0;
  for (;;) {
    const old = db.selectFrom('logs').select('id').where('ts', '<', cutoff).limit(CHUNK);
    const res = await db.deleteFrom('logs').where('id', 'in', old).executeTakeFirst();
    const n = Number(res.numDeletedRows);
    removed += n;
    if (n < CHUNK) break;
    await yieldToRequests();
  }
  // Ids only grow, so the newest maxRows lines are those above max(id) - maxRows.
  const { maxId, minId } = await db
    .selectFrom('logs')
    .select((eb) => [eb.fn.max('id').as('maxId'), eb.fn.min('id').as('minId')])
    .executeTakeFirstOrThrow();
  if (maxId === null || minId === null) return removed;
  const keepAbove = Number(maxId) - rule.maxRows;
  for (let from = Number(minId); from <= keepAbove; from += CHUNK) {
    const res = await db
      .deleteFrom('logs')
      .where('id', '<=', Math.min(from + CHUNK - 1, keepAbove))
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
    await yieldToRequests();
  }
  return removed;
}
