import type { FastifyPluginAsync } from 'fastify';
import { usersCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import * as users from './users.service';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.userSummary, async (req, reply) => sendList(reply, await users.listUsers(deps, req.body ?? {})));

  route(app, calls.userDetail, (req) => users.getUser(deps, req.body.id));

  route(app, calls.createUpdateUser, async (req) => ({
    id: await users.saveUser(deps, actorOf(req), req.body),
    message: t(req, 'profileUpdated'),
  }));

  route(app, calls.deleteUserDetail, async (req) => {
    await users.deleteUser(deps, actorOf(req), req.body.id);
    return { ok: true as const, message: t(req, 'recordDeleted') };
  });
};
