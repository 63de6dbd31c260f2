import { z } from 'zod';
import { call } from './call';

/**
 * API keys for integrations (issue #18 item 2). A key is `pvk_` followed by 43 random base64url characters; it is
 * shown once, when it is created, and stored as a SHA-256 hash. Sent as `Authorization: Bearer <key>`.
 */
export const API_KEY = {
  prefix: 'pvk_',
  /** The characters of a key the list shows to recognise it by (`pvk_` and 8 more). */
  shownLength: 12,
  nameMax: 80,
  maxAddresses: 20,
  addressMax: 50,
} as const;

/** All tenants (administrators only), one reseller's tenants, or one tenant. */
export const API_KEY_SCOPES = ['all', 'reseller', 'tenant'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const CreateApiKeyBody = z
  .strictObject({
    name: z
      .string({ error: 'apiKeyNameRequired' })
      .trim()
      .min(1, { error: 'apiKeyNameRequired' })
      .max(API_KEY.nameMax, { error: 'apiKeyNameTooLong' }),
    scope: ApiKeyScope,
    reseller_id: z.number().int().positive().optional(),
    tenant_id: z.string().trim().min(1).max(255).optional(),
    read_only: z.boolean(),
    /** Milliseconds since 1970; absent or null: the key does not expire. Must be in the future. */
    expires_at: z.number().int().positive().nullable().optional(),
    /** IPv4 or IPv6 addresses and CIDR ranges (`192.0.2.0/24`); absent or empty: any address. */
    allowed_ips: z
      .array(z.string().trim().min(1).max(API_KEY.addressMax))
      .max(API_KEY.maxAddresses, { error: 'apiKeyTooManyAddresses' })
      .optional(),
  })
  .refine((b) => b.scope !== 'reseller' || b.reseller_id !== undefined, {
    error: 'apiKeyResellerRequired',
    path: ['reseller_id'],
  })
  .refine((b) => b.scope !== 'tenant' || b.tenant_id !== undefined, {
    error: 'apiKeyTenantRequired',
    path: ['tenant_id'],
  });
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

export const ApiKeyRow = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the key (API_KEY.shownLength), to recognise it by. */
  prefix: z.string(),
  scope: ApiKeyScope,
  reseller_id: z.number().nullable(),
  reseller_name: z.string().nullable(),
  tenant_id: z.string().nullable(),
  read_only: z.boolean(),
  expires_at: z.number().nullable(),
  allowed_ips: z.array(z.string()),
  created_at: z.number(),
  created_by: z.string(),
  last_used_at: z.number().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.number().nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;

export const ListApiKeysBody = z.strictObject({ include_revoked: z.boolean().optional() });
export const CreateApiKeyReply = z.object({
  /** The key itself: shown this once, never again. */
  key: z.string(),
  row: ApiKeyRow,
});
export type CreateApiKeyReply = z.infer<typeof CreateApiKeyReply>;
export const RevokeApiKeyBody = z.strictObject({ id: z.number().int().positive() });
export const ApiKeyReseller = z.object({ id: z.number(), name: z.string() });

export const apiKeysCalls = {
  listApiKeys: call({
    method: 'POST',
    path: '/listApiKeys',
    access: 'signed-in',
    tags: ['api-keys'],
    summary:
      'API keys the caller may manage (admin: all; reseller user: those of their resellers and their tenants), ' +
      'with last use; beyond the spec',
    body: ListApiKeysBody,
    reply: z.array(ApiKeyRow),
  }),
  createApiKey: call({
    method: 'POST',
    path: '/createApiKey',
    access: 'signed-in',
    tags: ['api-keys'],
    summary: 'Create an API key (shown once in the reply; audited); beyond the spec',
    body: CreateApiKeyBody,
    reply: CreateApiKeyReply,
  }),
  apiKeyResellers: call({
    method: 'POST',
    path: '/apiKeyResellers',
    access: 'signed-in',
    tags: ['api-keys'],
    summary: 'The resellers the caller may give a key to (admin: all; reseller user: their own); beyond the spec',
    reply: z.array(ApiKeyReseller),
  }),
  revokeApiKey: call({
    method: 'POST',
    path: '/revokeApiKey',
    access: 'signed-in',
    tags: ['api-keys'],
    summary: 'Revoke an API key: refused from its next call on (audited); beyond the spec',
    body: RevokeApiKeyBody,
    reply: ApiKeyRow,
  }),
};
