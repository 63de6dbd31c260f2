import { z } from 'zod';
import { LIMITS, Role, callerEcho } from './common';

export const GetProfileDetailsBody = z.strictObject({
  username: z.string().max(LIMITS.emailMax).optional(),
  ...callerEcho,
});

export const ProfileReply = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone_number: z.string(),
  user_type: Role,
  url: z.string().nullable(),
});
export type ProfileReply = z.infer<typeof ProfileReply>;

/**
 * The text fields of updateProfile's multipart form (spec §7 Profile). Any other field is refused by name; a left-out
 * email or phone number keeps the stored one (an empty one clears it).
 */
export const UpdateProfileFields = z.strictObject({
  type: z.enum(['text', 'image']),
  name: z.string().trim().min(1, { error: 'missingData' }).max(LIMITS.nameMax),
  email: z.union([z.literal(''), z.email().max(LIMITS.emailMax)]).optional(),
  phone_number: z
    .string()
    .trim()
    .max(LIMITS.phoneMax)
    .regex(/^[0-9+() .-]*$/)
    .optional(),
  username: z.string().max(LIMITS.emailMax).optional(),
  id: z.string().max(40).optional(),
});
export type UpdateProfileFields = z.infer<typeof UpdateProfileFields>;

export const UpdateProfileReply = z.object({ url: z.string().nullable(), profile: ProfileReply });
