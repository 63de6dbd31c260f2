import type { Kysely, Selectable } from 'kysely';
import type { CallRecordsTable, Database } from '../db/schema';
import { demoRecordingWav } from './builtin-audio';
import type { CallRecordQuery, Page, PlatformCallLeg, PlatformCallRecord, PlatformRecording } from './connector';

const MAX_PAGE = 1000;

interface StoredLeg {
  callingnumber?: unknown;
  dialednumber?: unknown;
  target?: unknown;
  talktime_duration?: unknown;
  initiation?: unknown;
}

function legs(json: string): PlatformCallLeg[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return (parsed as StoredLeg[]).map((l) => ({
      callingNumber: String(l.callingnumber ?? ''),
      dialedNumber: String(l.dialednumber ?? ''),
      target: String(l.target ?? ''),
      talkSeconds: Number(l.talktime_duration) || 0,
      startedAt: new Date(Number(l.initiation) || 0),
    }));
  } catch {
    return [];
  }
}

const toRecord = (r: Selectable<CallRecordsTable>): PlatformCallRecord => ({
  id: String(r.id),
  extension: r.extension,
  name: r.name,
  destination: r.destination,
  direction: r.direction,
  startedAt: new Date(Number(r.started_at)),
  talkSeconds: r.talk_seconds,
  ...(r.recording_url ? { recordingRef: r.recording_url } : {}),
  flow: legs(r.call_flow),
});

/** The builtin platform's call records: the call_records table (seeded with three weeks of demo calls). */
export async function listBuiltinCallRecords(
  db: Kysely<Database>,
  q: CallRecordQuery,
): Promise<Page<PlatformCallRecord>> {
  const offset = Math.max(0, Number(q.cursor ?? 0) || 0);
  const limit = Math.min(Math.max(1, q.limit ?? 200), MAX_PAGE);
  let query = db
    .selectFrom('call_records')
    .selectAll()
    .where('tenant_id', '=', q.tenantExternalId)
    .where('started_at', '>=', q.from.getTime())
    .where('started_at', '<=', q.to.getTime());
  if (q.extension !== undefined) query = query.where('extension', '=', q.extension);
  const rows = await query
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const more = rows.length > limit;
  return { items: rows.slice(0, limit).map(toRecord), ...(more ? { nextCursor: String(offset + limit) } : {}) };
}

export async function getBuiltinCallRecord(
  db: Kysely<Database>,
  tenant: string,
  id: string,
): Promise<PlatformCallRecord | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return null;
  const row = await db
    .selectFrom('call_records')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('id', '=', n)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Demo recordings are generated on the fly from their stored name: a few seconds of speech-like sound. */
export async function getBuiltinRecording(
  db: Kysely<Database>,
  tenant: string,
  ref: string,
): Promise<PlatformRecording | null> {
  const row = await db
    .selectFrom('call_records')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('recording_url', '=', ref)
    .executeTakeFirst();
  return row ? { contentType: 'audio/wav', data: demoRecordingWav(ref) } : null;
}
