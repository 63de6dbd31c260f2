import type { FastifyPluginAsync } from 'fastify';
import { appActivationCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { requestLanguage } from '../../lib/i18n';
import { route } from '../../lib/route';
import { revokeApp, rotateActivation } from './app-activation.service';

export const appActivationRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.revokeApp, (req) => revokeApp(deps, actorOf(req), req.body, requestLanguage(req)));

  route(app, calls.rotateActivation, (req) => rotateActivation(deps, actorOf(req), req.body, requestLanguage(req)));
};
