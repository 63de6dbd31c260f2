import { z } from 'zod';
import { call } from './call';
import { LIMITS } from './common';

export const CALL_DIRECTIONS = ['Inbound', 'Outbound', 'Missed', 'Missed-VM'] as const;
export const CDR_LIMIT_DEFAULT = 200;
export const CDR_LIMIT_MAX = 1000;
/** Without `from`, the last 30 days are read. */
export const CDR_DEFAULT_DAYS = 30;

/**
 * getCDRs (the extension's own calls) and getGroupCDRs (the tenant's calls; admin extensions only):
 * `token` is base64 of `extension@tenant:pin`. `from`/`to` (epoch ms or ISO date) and `limit` are beyond the spec.
 */
export const CdrsBody = z.strictObject({
  tenant_id: z.string().trim().min(1).max(LIMITS.shortTextMax),
  token: z.string().min(1).max(600),
  user: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(64)),
  from: z.union([z.number().int().min(0), z.iso.date(), z.iso.datetime()]).optional(),
  to: z.union([z.number().int().min(0), z.iso.date(), z.iso.datetime()]).optional(),
  limit: z.number().int().min(1).max(CDR_LIMIT_MAX).optional(),
});
export type CdrsBody = z.infer<typeof CdrsBody>;

export const CallFlowEntry = z.object({
  callingnumber: z.string(),
  dialednumber: z.string(),
  target: z.string(),
  /** hh:mm:ss */
  talktime_duration: z.string(),
  /** 'YYYY-MM-DD hh:mm:ss AM/PM' UTC */
  initiation: z.string(),
});

export const CallRecordRow = z.object({
  name: z.string(),
  destination: z.string(),
  /** 'YYYY-MM-DD hh:mm:ss AM/PM' in UTC (spec §3). */
  time_stamp: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  /** A portal URL carrying a short-lived signed grant, playable as is; null without a recording. */
  recording_url: z.string().nullable(),
  ans_call_flow: z.array(CallFlowEntry),
});
export type CallRecordRow = z.infer<typeof CallRecordRow>;

/** A list, or null when there is nothing (the page then shows 'No record found'). */
export const CdrsReply = z.array(CallRecordRow).nullable();
export type CdrsReply = z.infer<typeof CdrsReply>;

export const RecordingParams = z.strictObject({ id: z.coerce.number().int().positive() });
export type RecordingParams = z.infer<typeof RecordingParams>;

/** Call history (issue #6): extension-token calls, and the recordings they link to. */
export const cdrsCalls = {
  getCDRs: call({
    method: 'POST',
    path: '/getCDRs',
    access: 'public',
    tags: ['end-user'],
    summary: "My Calls: the token's extension's call records (null when none)",
    body: CdrsBody,
    reply: CdrsReply,
  }),
  getGroupCDRs: call({
    method: 'POST',
    path: '/getGroupCDRs',
    access: 'public',
    tags: ['end-user'],
    summary: "Group Calls: the tenant's call records, for admin extensions (null when none)",
    body: CdrsBody,
    reply: CdrsReply,
  }),
  /** GET with the record id in the path (RecordingParams) and the credentials in the query; the reply is audio, not JSON. */
  recording: call({
    method: 'GET',
    path: '/recordings/:id',
    access: 'public',
    tags: ['end-user'],
    summary:
      'A call recording: with a grant from getCDRs, an extension token (+tenant_id), or a portal session (+tenant_id)',
    reply: z.unknown().meta({ description: 'The recording as audio (its own content type, e.g. audio/wav), not JSON' }),
  }),
};
