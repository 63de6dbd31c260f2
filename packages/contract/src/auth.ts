import { z } from 'zod';
import { LIMITS, Role } from './common';

export const AdminLoginBody = z.strictObject({
  cloud_id: z.string().trim().min(1).max(40),
  user: z.string().trim().min(1).max(LIMITS.emailMax),
  password: z.string().min(1).max(1024),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;

export const AdminLoginReply = z.object({
  name: z.string(),
  id: z.number(),
  user_type: Role,
  username: z.string(),
  Token: z.string(),
  url: z.string().nullable(),
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
