import { z } from 'zod';
import { call } from './call';
import { OkReply, Role } from './common';

/** Issue #18 item 4: an administrator views the portal as a reseller user or a simple user, giving a reason. */
export const VIEW_AS_LIMITS = { reasonMin: 3, reasonMax: 200 } as const;

export const ViewAsBody = z.strictObject({
  principal_type: z.enum(['user', 'reseller_user']),
  id: z.number().int().positive(),
  reason: z
    .string({ error: 'viewAsReasonRequired' })
    .trim()
    .min(VIEW_AS_LIMITS.reasonMin, { error: 'viewAsReasonRequired' })
    .max(VIEW_AS_LIMITS.reasonMax, { error: 'viewAsReasonTooLong' }),
});
export type ViewAsBody = z.infer<typeof ViewAsBody>;

/** The administrator behind a view session. */
export const ViewAsViewer = z.object({ id: z.number(), name: z.string(), username: z.string() });

export const ViewAsReply = z.object({
  /** The view session's token: the web uses it instead of the administrator's until the view ends. */
  Token: z.string(),
  /** The viewed account, as adminLogin would describe it. */
  user: z.object({
    id: z.number(),
    name: z.string(),
    username: z.string(),
    user_type: Role,
    url: z.string().nullable(),
  }),
  viewer: ViewAsViewer,
  reason: z.string(),
  /** Unused this many minutes the view ends; it ends at expires_at however busy. */
  idle_minutes: z.number(),
  expires_at: z.number(),
});
export type ViewAsReply = z.infer<typeof ViewAsReply>;

export const viewAsCalls = {
  viewAs: call({
    method: 'POST',
    path: '/viewAs',
    access: 'admin',
    tags: ['auth'],
    summary:
      'Start viewing the portal as a reseller user or a simple user, with a reason (admin; audited; a separate, ' +
      'shorter session that ends with the administrator’s own; beyond the spec)',
    body: ViewAsBody,
    reply: ViewAsReply,
  }),
  stopViewing: call({
    method: 'POST',
    path: '/stopViewing',
    access: 'signed-in',
    tags: ['auth'],
    summary: 'End the view session the call is made with (audited); the administrator’s own session stays',
    reply: OkReply,
  }),
};
