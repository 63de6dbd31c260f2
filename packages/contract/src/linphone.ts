import { z } from 'zod';

/** How long a Linphone provisioning link stays usable; it is also single use. */
export const LINPHONE_LINK_TTL_MS = 10 * 60_000;

/** The QR page asks for a link with the grant authLogin gave it (no second password check). */
export const LinphoneLinkBody = z.strictObject({
  grant: z.string().min(1).max(2000),
});
export type LinphoneLinkBody = z.infer<typeof LinphoneLinkBody>;

/** `url` is the one-time remote-provisioning URL that the Linphone QR code carries. */
export const LinphoneLinkReply = z.object({
  url: z.string(),
  expires_at: z.number(),
});
export type LinphoneLinkReply = z.infer<typeof LinphoneLinkReply>;
