import { sql } from 'kysely';
import type { LogQuery, LogStore, StoredLog } from '../../lib/logging/log-store';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Lines of one time window, newest first; the text filter is a case-insensitive substring of the whole line. */
export function findLogs(store: LogStore, q: LogQuery): Promise<StoredLog[]> {
  const like = store.kind === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return (
    store.kysely
      .selectFrom('logs')
      .selectAll()
      .where('ts', '>=', q.from)
      .where('ts', '<=', q.to)
      .$if(!!q.level, (b) => b.where('level', '=', q.level))
      .$if(!!q.reqId, (b) => b.where('req_id', '=', q.reqId!))
      .$if(!!q.jobId, (b) => b.where('job_id', '=', q.jobId!))
      .$if(!!q.text, (b) => b.where(sql<boolean>`line ${like} ${`%${escapeLike(q.text)}%`} escape '\\'`))
      // Answered requests are written as `"res":{"statusCode":401}` (plugins/request-logging.ts); `_` is one digit.
      .$if(!!q.statusClass, (b) => b.where(sql<boolean>`line like ${`%"res":{"statusCode":${q.statusClass![0]}__}%`}`))
      // Lines are JSON: the tenant is written `"tenant":"acme.example"`; its LIKE wildcards match literally.
      .$if(!!q.tenant, (b) =>
        b.where(sql<boolean>`line like ${`%"tenant":${escapeLike(JSON.stringify(q.tenant))}%`} escape '\\'`),
      )
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .execute()
  );
}
