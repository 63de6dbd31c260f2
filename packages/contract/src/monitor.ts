import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply } from './common';

/** callActions (call-monitoring service, spec §7): only list_active_channels; tenant_id narrows the list. */
export const CallActionsBody = z.strictObject({
  action: z.literal('list_active_channels'),
  tenant_id: z.string().trim().max(LIMITS.shortTextMax).optional(),
});
export type CallActionsBody = z.infer<typeof CallActionsBody>;

/** Active call channel (spec §3); tenant_id is added so a page listing several tenants can group them. */
export const ActiveChannel = z.object({
  Caller: z.string(),
  Callee: z.string(),
  Aor: z.string(),
  StartedAt: z.string(),
  SIPCallID: z.string(),
  tenant_id: z.string(),
});
export type ActiveChannel = z.infer<typeof ActiveChannel>;
export const CallActionsReply = z.array(ActiveChannel);

/** The SDP offer is at most this big; the parser refuses larger bodies with 413. */
export const SDP_MAX_BYTES = 32_768;
export const MonitorParams = z.strictObject({ callId: z.string().min(1).max(255) });
export const MonitorSessionParams = z.strictObject({
  callId: z.string().min(1).max(255),
  session: z.string().min(1).max(64),
});
export type MonitorParams = z.infer<typeof MonitorParams>;
export type MonitorSessionParams = z.infer<typeof MonitorSessionParams>;

/**
 * The call-monitoring service (spec §7), WHEP-style: POST an SDP offer, get 201 with the answer and a Location to
 * DELETE. The web builds these URLs on MONITOR_BASE_URL (the service may live on another host) from these paths.
 */
export const monitorCalls = {
  callActions: call({
    method: 'POST',
    path: '/callActions',
    access: 'signed-in',
    tags: ['monitor'],
    summary: 'list_active_channels: active calls of the tenants the caller sees',
    body: CallActionsBody,
    reply: CallActionsReply,
  }),
  /** Body: the application/sdp offer (at most SDP_MAX_BYTES); path MonitorParams, query `tenant_id`; reply 201, not 200. */
  monitor: call({
    method: 'POST',
    path: '/monitor/:callId',
    access: 'signed-in',
    tags: ['monitor'],
    summary: 'Listen in: an application/sdp offer in, the SDP answer out (201, Location)',
    reply: z.unknown().meta({
      description: 'Nothing with 200: the SDP answer (application/sdp) comes with 201 and a Location to DELETE',
    }),
  }),
  /** Path MonitorSessionParams: the Location the monitor call answered. */
  stopMonitor: call({
    method: 'DELETE',
    path: '/monitor/:callId/:session',
    access: 'signed-in',
    tags: ['monitor'],
    summary: 'Stop listening (WHEP teardown)',
    reply: OkReply,
  }),
};

/** A monitor call's path with its `:name` parameters filled in (URL-encoded): `/monitor/abc%40host/s1`. */
export function monitorPath(c: { readonly path: string }, params: Record<string, string>): string {
  return c.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
