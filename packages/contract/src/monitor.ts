import { z } from 'zod';
import { LIMITS } from './common';

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
export const MonitorSessionParams = z.strictObject({ callId: z.string().min(1).max(255), session: z.string().min(1).max(64) });
