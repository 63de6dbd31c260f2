import { z } from 'zod';
import { call } from './call';
import { callerEcho } from './common';
import { ListQuery } from './lists';

export const AUDIT_ENTITIES = [
  'reseller',
  'reseller_tenant',
  'reseller_user',
  'reseller_user_link',
  'user',
  'domain',
  'licence',
  'email_template',
  'tenant',
  'extension',
  'app_account',
  'call_monitor',
  'client_profile',
  'blf_keys',
  'system_setting',
  'view_as',
  'api_key',
  'webhook_endpoint',
  'reseller_branding',
] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

export const AuditLogBody = z.strictObject({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entity_id: z.string().max(255).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().max(254).optional(),
  /** Issue #19: changes about one tenant (the tenant itself, its extensions, and records naming its tenant_id). */
  tenant_id: z.string().trim().min(1).max(255).optional(),
  from: z.number().int().min(0).optional(),
  to: z.number().int().min(0).optional(),
  ...ListQuery,
  ...callerEcho,
});
export const AuditRow = z.object({
  id: z.number(),
  at: z.number(),
  actor_type: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string(),
  /** Issue #18: the administrator who did it while viewing the portal as the actor ("admin as bob"). */
  viewer_id: z.number().nullable(),
  viewer_name: z.string().nullable(),
  ip: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditList = z.array(AuditRow);

export const auditCalls = {
  auditLog: call({
    method: 'POST',
    path: '/auditLog',
    access: 'admin',
    tags: ['audit'],
    summary: 'Who changed what and when, newest first, with values before and after (admin; beyond the spec)',
    body: AuditLogBody.optional(),
    reply: AuditList,
  }),
};
