import type { FastifyPluginAsync } from 'fastify';
import { apiKeysCalls as calls } from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { route } from '../../lib/route';
import * as apiKeys from './api-keys.service';

/** Issue #18 item 2: API keys for integrations, managed by administrators and reseller users. */
export const apiKeysRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.listApiKeys, (req) => apiKeys.listApiKeys(deps, callerOf(req), req.body.include_revoked ?? false));
  route(app, calls.createApiKey, (req) => apiKeys.createApiKey(deps, actorOf(req), req.body));
  route(app, calls.apiKeyResellers, (req) => apiKeys.apiKeyResellers(deps, callerOf(req)));
  route(app, calls.revokeApiKey, (req) => apiKeys.revokeApiKey(deps, actorOf(req), req.body.id));
};
