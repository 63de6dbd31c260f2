import { z } from 'zod';
import { call } from './call';

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

/** The token of a one-time link in the path of the Linphone configuration call. */
export const LinphoneConfigParams = z.object({ token: z.string().max(200) });
export type LinphoneConfigParams = z.infer<typeof LinphoneConfigParams>;

/** Linphone remote provisioning (issue #14 item 6): the QR page's one-time link, and the document behind it. */
export const linphoneCalls = {
  linphoneLink: call({
    method: 'POST',
    path: '/linphoneLink',
    access: 'public',
    tags: ['provisioning'],
    summary:
      'A one-time Linphone provisioning URL (10 minutes, single use) for the account authLogin signed in (its grant)',
    body: LinphoneLinkBody,
    reply: LinphoneLinkReply,
  }),
  /** Linphone fetches this GET itself (LinphoneConfigParams in the path); the reply is XML, not JSON. */
  linphoneConfig: call({
    method: 'GET',
    path: '/linphone/:token',
    access: 'public',
    tags: ['provisioning'],
    summary:
      "Linphone's XML configuration (proxy_0, auth_info_0, codecs) of the link's account; the link is spent by this call",
    reply: z.unknown().meta({ description: 'Linphone XML configuration (application/xml), not JSON' }),
  }),
};
