import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, USER_TYPES, callerEcho } from './common';
import { IdBody, ListQuery } from './lists';
import { CreatedReply } from './resellers';

export const UserSummaryBody = z.strictObject({ ...callerEcho, ...ListQuery });
export const UserRow = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  user_type: z.enum(USER_TYPES),
  active: z.boolean(),
  company: z.string(),
  /** The company's tenant name (the list shows it, not the tenant id: issue #20); null when no such tenant. */
  company_name: z.string().nullable(),
  subscriber_id: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;
export const UserList = z.array(UserRow);

export const CreateUpdateUserBody = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, { error: 'starFieldsRequired' }).max(LIMITS.nameMax),
  email: z.email({ error: 'emailInvalid' }).trim().toLowerCase().max(LIMITS.emailMax),
  username: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: 'starFieldsRequired' })
    .max(LIMITS.usernameMax)
    .regex(/^[a-z0-9._@-]+$/, { error: 'usernameInvalid' }),
  password: z.string().max(LIMITS.passwordMax).optional(),
  user_type: z.enum(USER_TYPES),
  active: z.boolean(),
  subscriber_id: z.string().trim().max(LIMITS.shortTextMax).default(''),
  company: z.string().trim().max(LIMITS.shortTextMax).default(''),
  ...callerEcho,
});
export type CreateUpdateUserBody = z.infer<typeof CreateUpdateUserBody>;

/** The users calls (packages/contract/src/call.ts): admin only. */
export const usersCalls = {
  userSummary: call({
    method: 'POST',
    path: '/userSummary',
    access: 'admin',
    tags: ['users'],
    summary: 'Portal users; optional search, sort and paging (total in X-Total-Count)',
    body: UserSummaryBody.optional(),
    reply: UserList,
  }),
  userDetail: call({
    method: 'POST',
    path: '/userDetail',
    access: 'admin',
    tags: ['users'],
    summary: 'One portal user',
    body: IdBody,
    reply: UserRow,
  }),
  createUpdateUser: call({
    method: 'POST',
    path: '/createUpdateUser',
    access: 'admin',
    tags: ['users'],
    summary: 'Create a portal user (with password), or edit one (without)',
    body: CreateUpdateUserBody,
    reply: CreatedReply,
  }),
  deleteUserDetail: call({
    method: 'POST',
    path: '/deleteUserDetail',
    access: 'admin',
    tags: ['users'],
    summary: 'Delete a portal user; their sessions end',
    body: IdBody,
    reply: OkReply,
  }),
};
