import { z } from 'zod';
import { call } from './call';

/** Limits that both the forms and the server check (spec §5 and §9). */
export const LIMITS = {
  adminPasswordMin: 6,
  appPasswordMin: 8,
  passwordMax: 100,
  imageMaxBytes: 5_242_880,
  /** A reseller's logo (issue #19): small, since every branded page and email loads it. */
  logoMaxBytes: 524_288,
  nameMax: 200,
  emailMax: 254,
  usernameMax: 100,
  phoneMax: 40,
  shortTextMax: 255,
  jsonBodyMaxBytes: 1_048_576,
  /** New app links need a PIN of at least this many digits (older 4-digit PINs keep working). */
  linkPinMin: 6,
  /** Cc addresses of one emailLink call. */
  ccMax: 5,
} as const;

export const IMAGE_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/png': ['.png'],
  'image/svg+xml': ['.svg'],
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

export const USER_TYPES = ['admin', 'simple user'] as const;
/** Reseller users sign in at /login too; their sessions carry this role. */
export const ROLES = ['admin', 'simple user', 'reseller user'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** One shape for every error reply. `code` is stable; `message` is in the caller's language. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const OkReply = z.object({ ok: z.literal(true), message: z.string().optional() });
export type OkReply = z.infer<typeof OkReply>;

export const HealthReply = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** Admin calls may carry user_id (spec §6); the server ignores it and uses the session. */
export const callerEcho = {
  user_id: z.union([z.number(), z.string().max(40)]).optional(),
  cloud_id: z.string().max(40).optional(),
};

export const PublicConfigReply = z.object({
  cloud_id: z.string(),
  languages: z.array(z.string()),
  version: z.string(),
  /** Where the live-calls page sends callActions and monitor/{SIPCallID} (MONITOR_BASE_URL). */
  monitor_base_url: z.string().optional(),
});
export type PublicConfigReply = z.infer<typeof PublicConfigReply>;

/** The system calls (packages/contract/src/call.ts); the health checks live outside /api/v1 and are not calls. */
export const systemCalls = {
  publicConfig: call({
    method: 'GET',
    path: '/publicConfig',
    access: 'public',
    tags: ['system'],
    summary: 'What the sign-in page needs to know (beyond the spec)',
    reply: PublicConfigReply,
  }),
};
