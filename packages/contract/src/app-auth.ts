import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply } from './common';
import { passwordStrength } from './strength';

/**
 * End-user sign-in and passwords (spec §7 'Sign-in and passwords', issue #6): public calls, credentials in the
 * body, never the admin Token. App usernames are emails, compared lowercased.
 */
const appUsername = z.string().trim().min(1, { error: 'usernameRequiredForReset' }).max(LIMITS.emailMax);

/** App passwords (spec §5): 8 to 100 characters and a strength of 4 of 4, the same rule as the meter. */
export const AppNewPassword = z
  .string()
  .min(LIMITS.appPasswordMin, { error: 'appPasswordMin', abort: true })
  .max(LIMITS.passwordMax, { error: 'passwordMaxLength', abort: true })
  .refine((p) => passwordStrength(p).strong, { error: 'passwordWeak' });

/** appLogin: the password arrives base64-encoded (spec §3 'Sign-in payloads'). */
export const AppLoginBody = z.strictObject({
  username: z.string().max(LIMITS.emailMax),
  password: z.string().max(400),
});
export type AppLoginBody = z.infer<typeof AppLoginBody>;

/**
 * 200: the hand-off link for the app (built by the provisioning module's one function) and an app session token
 * for the settings pages (sent back in the `App-Token` header).
 */
export const AppLoginReply = z.object({
  username: z.string(),
  link: z.string(),
  app_token: z.string(),
});
export type AppLoginReply = z.infer<typeof AppLoginReply>;

/** 202: the account must change its password first (set by an admin); no token is given. */
export const AppLoginChangeReply = z.object({
  username: z.string(),
  must_change_password: z.literal(true),
  message: z.string(),
});
export type AppLoginChangeReply = z.infer<typeof AppLoginChangeReply>;

/** Either appLogin reply (200 or 202), told apart by `must_change_password`: what the sign-in page reads. */
export const AppLoginOutcome = AppLoginChangeReply.or(AppLoginReply);
export type AppLoginOutcome = z.infer<typeof AppLoginOutcome>;

export const ChangeAppPasswordBody = z.strictObject({
  username: appUsername,
  old_password: z.string().min(1).max(1024),
  new_password: AppNewPassword,
});
export type ChangeAppPasswordBody = z.infer<typeof ChangeAppPasswordBody>;

/** forgetAppPassword and resetAuthPassword: the same reply whether or not the account exists. */
export const ForgetAppPasswordBody = z.strictObject({ username: appUsername });
export type ForgetAppPasswordBody = z.infer<typeof ForgetAppPasswordBody>;

export const ResetAppPasswordBody = z.strictObject({
  ref: z.string().trim().min(1).max(200),
  password: AppNewPassword,
});
export type ResetAppPasswordBody = z.infer<typeof ResetAppPasswordBody>;

/** authLogin (QR generator): any missing or wrong value is the same 'Invalid Password!'. */
export const AuthLoginBody = z.strictObject({
  username: z.string().max(LIMITS.emailMax),
  password: z.string().max(1024),
  cloud_id: z.string().max(40),
});
export type AuthLoginBody = z.infer<typeof AuthLoginBody>;

/** `grant` is a short-lived signed permission to email this account's QR code once or a few times (emailQR). */
export const AuthLoginReply = z.object({
  domain: z.string(),
  qrValue: z.string(),
  grant: z.string(),
  grant_expires_at: z.number(),
});
export type AuthLoginReply = z.infer<typeof AuthLoginReply>;

export const EmailQrBody = z.strictObject({
  recepient: z
    .string()
    .trim()
    .min(1, { error: 'emailInvalid' })
    .max(LIMITS.emailMax)
    .pipe(z.email({ error: 'emailInvalid' })),
  qrValue: z.string().min(1).max(2000),
  grant: z.string().max(2000).optional(),
});
export type EmailQrBody = z.infer<typeof EmailQrBody>;

/** userInformation (call history page): the app account's extension; `app_token` is beyond the spec. */
export const UserInformationBody = z.strictObject({
  cloud_username: z.string().max(LIMITS.emailMax),
  cloud_password: z.string().max(1024),
});
export type UserInformationBody = z.infer<typeof UserInformationBody>;

export const UserInformationReply = z.object({
  admin: z.boolean(),
  extension: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  pin: z.string(),
  tenant_id: z.string(),
  app_token: z.string(),
});
export type UserInformationReply = z.infer<typeof UserInformationReply>;

/** End-user sign-in, passwords and the QR generator (issue #6): public, credentials in the body, no Token. */
export const appAuthCalls = {
  appLogin: call({
    method: 'POST',
    path: '/appLogin',
    access: 'public',
    tags: ['end-user'],
    summary: 'App sign-in: 200 hands off to the app, 202 when the password must change',
    body: AppLoginBody,
    reply: AppLoginReply,
  }),
  changeAppPassword: call({
    method: 'POST',
    path: '/changeAppPassword',
    access: 'public',
    tags: ['end-user'],
    summary: "Change an app account's password (ends a forced change)",
    body: ChangeAppPasswordBody,
    reply: OkReply,
  }),
  forgetAppPassword: call({
    method: 'POST',
    path: '/forgetAppPassword',
    access: 'public',
    tags: ['end-user'],
    summary: 'Email an app account a single-use reset link (same reply whether or not it exists)',
    body: ForgetAppPasswordBody,
    reply: OkReply,
  }),
  resetAuthPassword: call({
    method: 'POST',
    path: '/resetAuthPassword',
    access: 'public',
    tags: ['end-user'],
    summary: 'Email an app account a single-use reset link (same reply whether or not it exists)',
    body: ForgetAppPasswordBody,
    reply: OkReply,
  }),
  resetAppPassword: call({
    method: 'POST',
    path: '/resetAppPassword',
    access: 'public',
    tags: ['end-user'],
    summary: "Set an app account's password from an emailed link (strong passwords only)",
    body: ResetAppPasswordBody,
    reply: OkReply,
  }),
  authLogin: call({
    method: 'POST',
    path: '/authLogin',
    access: 'public',
    tags: ['end-user'],
    summary: 'QR generator sign-in: the csc: payload and a short-lived grant for emailQR',
    body: AuthLoginBody,
    reply: AuthLoginReply,
  }),
  emailQR: call({
    method: 'POST',
    path: '/emailQR',
    access: 'public',
    tags: ['end-user'],
    summary: 'Email the QR code as an inline PNG (needs the grant from authLogin)',
    body: EmailQrBody,
    reply: OkReply,
  }),
  userInformation: call({
    method: 'POST',
    path: '/userInformation',
    access: 'public',
    tags: ['end-user'],
    summary: "The app account's extension, for the call history page",
    body: UserInformationBody,
    reply: UserInformationReply,
  }),
};
