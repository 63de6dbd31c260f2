import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, callerEcho } from './common';
import { IdBody, ListQuery } from './lists';
import { CreatedReply } from './resellers';

export const ResellerUserSummaryBody = z.strictObject({ ...callerEcho, ...ListQuery });
export const ResellerUserRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** The names of the resellers the user belongs to, comma-separated. */
  reseller_name: z.string(),
});
export type ResellerUserRow = z.infer<typeof ResellerUserRow>;
export const ResellerUserList = z.array(ResellerUserRow);

export const CreateUpdateResellerUserBody = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, { error: 'starFieldsRequired' }).max(LIMITS.nameMax),
  email: z.email({ error: 'emailInvalid' }).trim().toLowerCase().max(LIMITS.emailMax),
  /** Only on create; ignored-if-empty on update, refused if given on update. */
  password: z.string().max(LIMITS.passwordMax).optional(),
  ...callerEcho,
});
export type CreateUpdateResellerUserBody = z.infer<typeof CreateUpdateResellerUserBody>;

/** getUsersToResellers: here user_id is the reseller user whose resellers are listed (spec §7). */
export const UsersToResellersBody = z.strictObject({
  user_id: z.number().int().positive(),
  cloud_id: z.string().max(40).optional(),
});
export const UserResellerLinkRow = z.object({ id: z.number(), reseller_id: z.number(), name: z.string() });
export const UserResellerLinkList = z.array(UserResellerLinkRow);
export const CreateUserResellerLinkBody = z.strictObject({
  user_id: z.number({ error: 'selectResellerFirst' }).int().positive(),
  reseller_id: z.number({ error: 'selectResellerFirst' }).int().positive(),
  cloud_id: z.string().max(40).optional(),
});

/** /resetResellerPassword and later /resetAppPassword: 8 to 100 characters and a strength of 4 of 4. */
export const StrongResetPasswordBody = z.strictObject({
  ref: z.string().trim().min(1).max(200),
  password: z
    .string()
    .min(LIMITS.appPasswordMin, { error: 'appPasswordMin' })
    .max(LIMITS.passwordMax, { error: 'passwordMaxLength' }),
});

/** The reseller users calls (packages/contract/src/call.ts): admin only. */
export const resellerUsersCalls = {
  resellerUserSummary: call({
    method: 'POST',
    path: '/resellerUserSummary',
    access: 'admin',
    tags: ['reseller users'],
    summary: 'Reseller users with their resellers; optional search, sort and paging',
    body: ResellerUserSummaryBody.optional(),
    reply: ResellerUserList,
  }),
  resellerUserDetail: call({
    method: 'POST',
    path: '/resellerUserDetail',
    access: 'admin',
    tags: ['reseller users'],
    summary: 'One reseller user',
    body: IdBody,
    reply: ResellerUserRow,
  }),
  createUpdateResellerUser: call({
    method: 'POST',
    path: '/createUpdateResellerUser',
    access: 'admin',
    tags: ['reseller users'],
    summary: 'Create a reseller user (with password), or edit one (without)',
    body: CreateUpdateResellerUserBody,
    reply: CreatedReply,
  }),
  deleteResellerUser: call({
    method: 'POST',
    path: '/deleteResellerUser',
    access: 'admin',
    tags: ['reseller users'],
    summary: 'Delete a reseller user, their links and sessions',
    body: IdBody,
    reply: OkReply,
  }),
  getUsersToResellers: call({
    method: 'POST',
    path: '/getUsersToResellers',
    access: 'admin',
    tags: ['reseller users'],
    summary: 'The resellers a reseller user (user_id) belongs to',
    body: UsersToResellersBody,
    reply: UserResellerLinkList,
  }),
  createUpdateResellerUsersJunction: call({
    method: 'POST',
    path: '/createUpdateResellerUsersJunction',
    access: 'admin',
    tags: ['reseller users'],
    summary: 'Add a reseller user (user_id) to a reseller',
    body: CreateUserResellerLinkBody,
    reply: CreatedReply,
  }),
  deleteResellerUserJunction: call({
    method: 'POST',
    path: '/deleteResellerUserJunction',
    access: 'admin',
    tags: ['reseller users'],
    summary: 'Remove a reseller user from a reseller',
    body: IdBody,
    reply: OkReply,
  }),
};
