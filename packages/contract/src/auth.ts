import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, Role } from './common';
import { StrongResetPasswordBody } from './reseller-users';
import { TwoFactorLoginStep } from './two-factor';

export const AdminLoginBody = z.strictObject({
  cloud_id: z.string().trim().min(1).max(40),
  user: z.string().trim().min(1).max(LIMITS.emailMax),
  password: z.string().min(1).max(1024),
  /** Issue #18: a "remember this browser" token of verifyTwoFactor, which skips the second step until it expires. */
  two_factor_remember: z.string().max(200).optional(),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;

export const AdminLoginReply = z.object({
  name: z.string(),
  id: z.number(),
  user_type: Role,
  username: z.string(),
  /** Absent only when two_factor is present: the session comes from the second step (issue #18). */
  Token: z.string().optional(),
  url: z.string().nullable(),
  two_factor: TwoFactorLoginStep.optional(),
});
export type AdminLoginReply = z.infer<typeof AdminLoginReply>;

/** Who the current token belongs to; the web calls it on load (beyond the spec). */
export const MeReply = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  user_type: Role,
  url: z.string().nullable(),
  cloud_id: z.string(),
});
export type MeReply = z.infer<typeof MeReply>;

export const ForgetPasswordBody = z.strictObject({
  username: z.string().trim().min(1, { error: 'usernameRequiredForReset' }).max(LIMITS.emailMax),
});
export type ForgetPasswordBody = z.infer<typeof ForgetPasswordBody>;

/** Admin reset (spec §5): at least 6 characters; the server also caps the length. */
export const AdminNewPassword = z
  .string()
  .min(LIMITS.adminPasswordMin, { error: 'adminPasswordMin' })
  .max(LIMITS.passwordMax, { error: 'passwordMaxLength' });

export const ResetPasswordBody = z.strictObject({
  ref: z.string().trim().min(1).max(200),
  password: AdminNewPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ChangePasswordBody = z.strictObject({
  username: z.string().trim().max(LIMITS.emailMax).optional(),
  cloud_id: z.string().max(40).optional(),
  old_password: z.string().min(1).max(1024),
  new_password: AdminNewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The auth calls (packages/contract/src/call.ts); changePassword is listed under profile in the OpenAPI document. */
export const authCalls = {
  adminLogin: call({
    method: 'POST',
    path: '/adminLogin',
    access: 'public',
    tags: ['auth'],
    summary: 'Sign in to the admin portal',
    body: AdminLoginBody,
    reply: AdminLoginReply,
  }),
  logout: call({
    method: 'POST',
    path: '/logout',
    access: 'signed-in',
    tags: ['auth'],
    summary: 'End the current session (beyond the spec)',
    reply: OkReply,
  }),
  me: call({
    method: 'GET',
    path: '/me',
    access: 'signed-in',
    tags: ['auth'],
    summary: 'Who the token belongs to (beyond the spec)',
    reply: MeReply,
  }),
  forgetPassword: call({
    method: 'POST',
    path: '/forgetPassword',
    access: 'public',
    tags: ['auth'],
    summary: 'Email an admin password reset link',
    body: ForgetPasswordBody,
    reply: OkReply,
  }),
  resetPassword: call({
    method: 'POST',
    path: '/resetPassword',
    access: 'public',
    tags: ['auth'],
    summary: 'Set a new admin password from an emailed link',
    body: ResetPasswordBody,
    reply: OkReply,
  }),
  resetResellerPassword: call({
    method: 'POST',
    path: '/resetResellerPassword',
    access: 'public',
    tags: ['auth'],
    summary: "Set a new reseller user's password from an emailed link (strong passwords only)",
    body: StrongResetPasswordBody,
    reply: OkReply,
  }),
  changePassword: call({
    method: 'POST',
    path: '/changePassword',
    access: 'signed-in',
    tags: ['profile'],
    summary: "Change the caller's own password",
    body: ChangePasswordBody,
    reply: OkReply,
  }),
};
