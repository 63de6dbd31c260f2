import type { FastifyPluginAsync } from 'fastify';
import { LinphoneConfigParams, linphoneCalls as calls } from '@provisio/contract';
import { route } from '../../lib/route';
import { createLinphoneLink, fetchLinphoneConfig } from './linphone.service';

const XML = 'application/xml; charset=utf-8';

/** Linphone remote provisioning (issue #14 item 6): the QR page's one-time link, and the document behind it. */
export const linphoneRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.linphoneLink, (req) => createLinphoneLink(deps, req.body.grant));

  route(
    app,
    calls.linphoneConfig,
    async (req, reply) => {
      const { token } = req.params as LinphoneConfigParams;
      const xml = await fetchLinphoneConfig(deps, {
        token,
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? ''),
      });
      return reply.header('cache-control', 'no-store').type(XML).send(xml);
    },
    { schema: { params: LinphoneConfigParams } },
  );
};
