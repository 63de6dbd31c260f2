import { z } from 'zod';
import { LIMITS, USER_TYPES, callerEcho } from './common';
import { ListQuery } from './lists';

export const UserSummaryBody = z.strictObject({ ...callerEcho, ...ListQuery });
export const UserRow = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  user_type: z.enum(USER_TYPES),
  active: z.boolean(),
  company: z.string(),
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
