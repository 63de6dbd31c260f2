import {
  CDR_DEFAULT_DAYS,
  CDR_LIMIT_DEFAULT,
  type CallRecordRow,
  type CdrsBody,
  type CdrsReply,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { signGrant } from '../../lib/signing';
import type { PlatformCallRecord } from '../../platform/connector';
import { checkExtensionToken } from './extension-token';

export const RECORDING_GRANT = 'recording';
const RECORDING_GRANT_MS = 60 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD hh:mm:ss AM/PM' in UTC (spec §3). */
export function cdrTime(d: Date): string {
  const h = d.getUTCHours();
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h >= 12 ? 'PM' : 'AM'}`;
}

const duration = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
const toDate = (v: number | string | undefined, fallback: number) =>
  new Date(v === undefined ? fallback : typeof v === 'number' ? v : Date.parse(v));

async function present(deps: Deps, tenantId: string, r: PlatformCallRecord): Promise<CallRecordRow> {
  let recording: string | null = null;
  if (r.recordingRef) {
    const { grant } = await signGrant(deps.db, RECORDING_GRANT, { t: tenantId, i: r.id }, RECORDING_GRANT_MS);
    recording = `/api/v1/recordings/${encodeURIComponent(r.id)}?grant=${grant}`;
  }
  return {
    name: r.name,
    destination: r.destination,
    time_stamp: cdrTime(r.startedAt),
    direction: r.direction,
    recording_url: recording,
    ans_call_flow: r.flow.map((l) => ({
      callingnumber: l.callingNumber,
      dialednumber: l.dialedNumber,
      target: l.target,
      talktime_duration: duration(l.talkSeconds),
      initiation: cdrTime(l.startedAt),
    })),
  };
}

/**
 * My Calls (`scope` 'mine': the token's extension) or Group Calls ('group': the whole tenant, only for admin
 * extensions). Newest first, in a window (default the last 30 days) and up to `limit`; null when there is none.
 */
export async function listCdrs(deps: Deps, body: CdrsBody, scope: 'mine' | 'group', ip: string): Promise<CdrsReply> {
  const holder = await checkExtensionToken(deps, body.tenant_id, body.user, body.token, ip);
  if (scope === 'group' && !holder.admin) throw new AppError('forbidden', 'groupCallsNotAllowed');
  if (!deps.connector.listCallRecords) return null;
  const now = Date.now();
  const from = toDate(body.from, now - CDR_DEFAULT_DAYS * 86_400_000);
  const to = toDate(body.to, now);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to)
    throw new AppError('validation_failed', 'logsWindowInvalid');
  const page = await deps.connector.listCallRecords({
    tenantExternalId: body.tenant_id,
    ...(scope === 'mine' ? { extension: holder.extension } : {}),
    from,
    to,
    limit: body.limit ?? CDR_LIMIT_DEFAULT,
  });
  if (page.items.length === 0) return null;
  return Promise.all(page.items.map((r) => present(deps, body.tenant_id, r)));
}
