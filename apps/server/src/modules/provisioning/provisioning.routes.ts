import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS, provisioningCalls as calls } from '@provisio/contract';
import { callerOf } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import { xmlMessage } from './account-xml';
import { lastProvisioned, provision } from './provisioning.service';
import { loadKeyMap } from './xml-mapping';

const XML = 'application/xml; charset=utf-8';
const ProvisionQuery = z
  .looseObject({})
  .meta({ description: 'cloud_id, cloud_username, cloud_password (also cloudid/fullcode, username, password)' });

/** Softphone provisioning: the public endpoint the app calls, and the last provisioning per extension. */
export const provisioningRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  // Read once at start; a bad file stops the server with every problem listed.
  const keyMap = loadKeyMap(deps.config.provisioningKeyMap);

  // Acrobits posts form fields by default (InitialProvisioningContentType); only this plugin accepts them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: LIMITS.jsonBodyMaxBytes },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {};
    const params = { ...(req.query as Record<string, unknown>), ...(body as Record<string, unknown>) };
    const userAgent = String(req.headers['user-agent'] ?? '');
    try {
      const xml = await provision(deps, keyMap, { params, ip: req.ip, userAgent });
      return reply.header('cache-control', 'no-store').type(XML).send(xml);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply
        .headers(err.headers)
        .header('cache-control', 'no-store')
        .status(err.status)
        .type(XML)
        .send(xmlMessage(t(req, err.messageKey, err.params)));
    }
  };

  const extras = { schema: { querystring: ProvisionQuery } };
  route(app, calls.provision, handle, extras);
  route(app, calls.provisionForm, handle, extras);

  route(app, calls.getLastProvisioned, (req) => lastProvisioned(deps, callerOf(req), req.body.tenant_id));
};
