import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, RevokeAppBody, RevokeAppReply, RotateActivationBody, RotateActivationReply } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { requestLanguage } from '../../lib/i18n';
import { revokeApp, rotateActivation } from './app-activation.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['app-activation'];

export const appActivationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/revokeApp', {
    schema: { tags, summary: "Revoke an extension's app: provisioning refused at once, app sessions ended, SIP password rotated", body: RevokeAppBody, response: { 200: RevokeAppReply, ...errors } },
    handler: (req) => revokeApp(deps, actorOf(req), req.body, requestLanguage(req)),
  });

  app.post('/rotateActivation', {
    schema: { tags, summary: 'Issue a new activation secret (QR) for an app; the previous one stops after the grace', body: RotateActivationBody, response: { 200: RotateActivationReply, ...errors } },
    handler: (req) => rotateActivation(deps, actorOf(req), req.body, requestLanguage(req)),
  });
};
