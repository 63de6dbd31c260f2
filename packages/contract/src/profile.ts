import { z } from 'zod';
import { call } from './call';
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

/** The profile calls (packages/contract/src/call.ts); updateProfile's body is a multipart form (UpdateProfileFields). */
export const profileCalls = {
  getProfileDetails: call({
    method: 'POST',
    path: '/getProfileDetails',
    access: 'signed-in',
    tags: ['profile'],
    summary: "The caller's own profile",
    body: GetProfileDetailsBody.optional(),
    reply: ProfileReply,
  }),
  updateProfile: call({
    method: 'POST',
    path: '/updateProfile',
    access: 'signed-in',
    tags: ['profile'],
    summary: "Save the caller's own profile (multipart: type 'text' or 'image', name, email, phone_number, file)",
    reply: UpdateProfileReply,
  }),
};

/**
 * The files calls (server module files): GET /files/:id is public like the spec's picture path, since <img> tags cannot
 * send the Token header; the web only puts the URL a profile reply gives into an <img>.
 */
export const filesCalls = {
  file: call({
    method: 'GET',
    path: '/files/:id',
    access: 'public',
    tags: ['profile'],
    summary: 'A stored image',
    /** The file itself, sent with its own content type (not JSON). */
    reply: z.unknown(),
  }),
};
