import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, LinphoneLinkBody, LinphoneLinkReply } from '@provisio/contract';
import { createLinphoneLink, fetchLinphoneConfig } from './linphone.service';

const tags = ['provisioning'];
const XML = 'application/xml; charset=utf-8';
const config = { access: 'public' } as const;

/** Linphone remote provisioning (issue #14 item 6): the QR page's one-time link, and the document behind it. */
export const linphoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/linphoneLink', {
    config,
    schema: {
      tags,
      summary: "A one-time Linphone provisioning URL (10 minutes, single use) for the account authLogin signed in (its grant)",
      body: LinphoneLinkBody,
      response: { 200: LinphoneLinkReply, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    },
    handler: (req) => createLinphoneLink(deps, req.body.grant),
  });

  app.get('/linphone/:token', {
    config,
    schema: {
      tags,
      summary: "Linphone's XML configuration (proxy_0, auth_info_0, codecs) of the link's account; the link is spent by this call",
      params: z.object({ token: z.string().max(200) }),
    },
    handler: async (req, reply) => {
      const xml = await fetchLinphoneConfig(deps, { token: req.params.token, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
      return reply.header('cache-control', 'no-store').type(XML).send(xml);
    },
  });
};
