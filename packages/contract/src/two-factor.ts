import { z } from 'zod';
import { call } from './call';
import { OkReply, Role } from './common';

/** Two-factor sign-in (issue #18 item 1): TOTP of RFC 6238, 6 digits every 30 seconds, and recovery codes. */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  recoveryCodes: 10,
  /** Recovery codes: 12 characters of this alphabet (60 bits), shown as XXXX-XXXX-XXXX. */
  recoveryAlphabet: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
  recoveryLength: 12,
  challengeMinutes: 5,
} as const;

const spaceless = (v: string) => v.replace(/[\s-]/g, '');

/** Six digits; spaces and dashes typed inside are ignored. */
export const TotpCode = z
  .string()
  .max(20, { error: 'twoFactorCodeMalformed' })
  .transform(spaceless)
  .pipe(z.string().regex(/^\d{6}$/, { error: 'twoFactorCodeMalformed' }));

/** A recovery code as shown (XXXX-XXXX-XXXX); case, spaces and dashes do not matter. */
export const RecoveryCode = z
  .string()
  .max(40, { error: 'twoFactorRecoveryMalformed' })
  .transform((v) => spaceless(v).toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{12}$/, { error: 'twoFactorRecoveryMalformed' }));

export const TWO_FACTOR_POLICIES = ['off', 'admins', 'reseller_users', 'everyone'] as const;
export const TwoFactorPolicy = z.enum(TWO_FACTOR_POLICIES);
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicy>;

/** What adminLogin adds, instead of a Token, for an account with a second factor (or one that must enrol). */
export const TwoFactorLoginStep = z.object({
  /** 'verify': send a code with verifyTwoFactor; 'enrol': the policy requires a second factor the account lacks. */
  step: z.enum(['verify', 'enrol']),
  challenge: z.string(),
  expires_at: z.number(),
  /** How long "remember this browser" lasts (TWO_FACTOR_REMEMBER_DAYS). */
  remember_days: z.number(),
});
export type TwoFactorLoginStep = z.infer<typeof TwoFactorLoginStep>;

const Challenge = z.string().trim().min(20).max(200);

export const VerifyTwoFactorBody = z
  .strictObject({
    challenge: Challenge,
    code: TotpCode.optional(),
    recovery_code: RecoveryCode.optional(),
    remember: z.boolean().optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    error: 'twoFactorCodeRequired',
    path: ['code'],
  });
export type VerifyTwoFactorBody = z.input<typeof VerifyTwoFactorBody>;

/** A session, as adminLogin gives it, after the second step. */
export const TwoFactorSignedIn = z.object({
  name: z.string(),
  id: z.number(),
  user_type: Role,
  username: z.string(),
  Token: z.string(),
  url: z.string().nullable(),
  /** "Remember this browser": send it as adminLogin's two_factor_remember until it expires. */
  remember_token: z.string().optional(),
  remember_expires_at: z.number().optional(),
  /** Forced enrolment: the new recovery codes, shown once. */
  recovery_codes: z.array(z.string()).optional(),
});
export type TwoFactorSignedIn = z.infer<typeof TwoFactorSignedIn>;

export const TwoFactorSetupReply = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type TwoFactorSetupReply = z.infer<typeof TwoFactorSetupReply>;

export const EnrolStartBody = z.strictObject({ challenge: Challenge });
export const EnrolFinishBody = z.strictObject({
  challenge: Challenge,
  code: TotpCode,
  remember: z.boolean().optional(),
});
export type EnrolFinishBody = z.input<typeof EnrolFinishBody>;

export const TwoFactorStatusReply = z.object({
  enabled: z.boolean(),
  enabled_at: z.number().nullable(),
  recovery_codes_left: z.number(),
  /** The administrators' policy applies to this account. */
  required: z.boolean(),
});
export type TwoFactorStatusReply = z.infer<typeof TwoFactorStatusReply>;

export const EnableTwoFactorBody = z.strictObject({ code: TotpCode });
export type EnableTwoFactorBody = z.input<typeof EnableTwoFactorBody>;

/** Turning off and new recovery codes need the password or a current code. */
export const TwoFactorProofBody = z
  .strictObject({
    password: z.string().min(1).max(1024).optional(),
    code: TotpCode.optional(),
  })
  .refine((b) => b.password !== undefined || b.code !== undefined, {
    error: 'twoFactorProofRequired',
    path: ['password'],
  });
export type TwoFactorProofBody = z.input<typeof TwoFactorProofBody>;

export const RecoveryCodesReply = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesReply = z.infer<typeof RecoveryCodesReply>;

export const TwoFactorPolicyReply = z.object({ required_for: TwoFactorPolicy });
export type TwoFactorPolicyReply = z.infer<typeof TwoFactorPolicyReply>;
export const SetTwoFactorPolicyBody = z.strictObject({ required_for: TwoFactorPolicy });
export type SetTwoFactorPolicyBody = z.input<typeof SetTwoFactorPolicyBody>;

export const TwoFactorAccountBody = z.strictObject({
  account_type: z.enum(['user', 'reseller_user']),
  id: z.coerce.number().int().positive(),
});
export type TwoFactorAccountBody = z.input<typeof TwoFactorAccountBody>;
export const TwoFactorAccountReply = z.object({ enabled: z.boolean(), enabled_at: z.number().nullable() });
export type TwoFactorAccountReply = z.infer<typeof TwoFactorAccountReply>;

const tags = ['two-factor'];

export const twoFactorCalls = {
  verifyTwoFactor: call({
    method: 'POST',
    path: '/verifyTwoFactor',
    access: 'public',
    tags,
    summary: "Second sign-in step: adminLogin's challenge and a code or a recovery code give the session",
    body: VerifyTwoFactorBody,
    reply: TwoFactorSignedIn,
  }),
  twoFactorEnrolStart: call({
    method: 'POST',
    path: '/twoFactorEnrolStart',
    access: 'public',
    tags,
    summary: 'Forced enrolment: a new secret for the account of an enrol challenge',
    body: EnrolStartBody,
    reply: TwoFactorSetupReply,
  }),
  twoFactorEnrolFinish: call({
    method: 'POST',
    path: '/twoFactorEnrolFinish',
    access: 'public',
    tags,
    summary: 'Forced enrolment: a code confirms the secret and gives the session and the recovery codes',
    body: EnrolFinishBody,
    reply: TwoFactorSignedIn,
  }),
  twoFactorStatus: call({
    method: 'POST',
    path: '/twoFactorStatus',
    access: 'signed-in',
    tags,
    summary: "The caller's second factor",
    reply: TwoFactorStatusReply,
  }),
  twoFactorSetup: call({
    method: 'POST',
    path: '/twoFactorSetup',
    access: 'signed-in',
    tags,
    summary: 'A new secret to add to an authenticator app (confirmed with twoFactorEnable)',
    // It writes (a secret awaiting its code): a body other than {} is refused rather than ignored.
    body: z.strictObject({}),
    reply: TwoFactorSetupReply,
  }),
  twoFactorEnable: call({
    method: 'POST',
    path: '/twoFactorEnable',
    access: 'signed-in',
    tags,
    summary: 'Turns the second factor on with a code of the new secret; answers the recovery codes once',
    body: EnableTwoFactorBody,
    reply: RecoveryCodesReply,
  }),
  twoFactorDisable: call({
    method: 'POST',
    path: '/twoFactorDisable',
    access: 'signed-in',
    tags,
    summary: "Turns the caller's second factor off (password or code)",
    body: TwoFactorProofBody,
    reply: OkReply,
  }),
  twoFactorRecoveryCodes: call({
    method: 'POST',
    path: '/twoFactorRecoveryCodes',
    access: 'signed-in',
    tags,
    summary: 'New recovery codes (password or code); the old ones stop working',
    body: TwoFactorProofBody,
    reply: RecoveryCodesReply,
  }),
  getTwoFactorPolicy: call({
    method: 'POST',
    path: '/getTwoFactorPolicy',
    access: 'admin',
    tags,
    summary: 'Who must use two-factor sign-in',
    reply: TwoFactorPolicyReply,
  }),
  setTwoFactorPolicy: call({
    method: 'POST',
    path: '/setTwoFactorPolicy',
    access: 'admin',
    tags,
    summary: 'Requires two-factor sign-in for admins, reseller users, everyone or no one (audited)',
    body: SetTwoFactorPolicyBody,
    reply: OkReply,
  }),
  twoFactorAccountStatus: call({
    method: 'POST',
    path: '/twoFactorAccountStatus',
    access: 'admin',
    tags,
    summary: "Whether a user's or reseller user's second factor is on",
    body: TwoFactorAccountBody,
    reply: TwoFactorAccountReply,
  }),
  resetTwoFactor: call({
    method: 'POST',
    path: '/resetTwoFactor',
    access: 'admin',
    tags,
    summary: "Removes a user's or reseller user's second factor and ends their sessions (audited)",
    body: TwoFactorAccountBody,
    reply: OkReply,
  }),
};
