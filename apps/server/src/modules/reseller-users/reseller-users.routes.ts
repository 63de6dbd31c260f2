import type { FastifyPluginAsync } from 'fastify';
import { resellerUsersCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import * as svc from './reseller-users.service';

const deleted = { ok: true as const };

export const resellerUsersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.resellerUserSummary, async (req, reply) =>
    sendList(reply, await svc.listResellerUsers(deps.db.kysely, req.body ?? {})),
  );

  route(app, calls.resellerUserDetail, (req) => svc.getResellerUser(deps, req.body.id));

  route(app, calls.createUpdateResellerUser, async (req) => ({
    id: await svc.saveResellerUser(deps, actorOf(req), req.body),
    message: t(req, 'profileUpdated'),
  }));

  route(app, calls.deleteResellerUser, async (req) => {
    await svc.deleteResellerUser(deps, actorOf(req), req.body.id);
    return { ...deleted, message: t(req, 'recordDeleted') };
  });

  route(app, calls.getUsersToResellers, (req) => svc.listUserResellers(deps, req.body.user_id));

  route(app, calls.createUpdateResellerUsersJunction, async (req) => ({
    id: await svc.linkUserToReseller(deps, actorOf(req), req.body),
    message: t(req, 'dataSaved'),
  }));

  route(app, calls.deleteResellerUserJunction, async (req) => {
    await svc.unlinkUserFromReseller(deps, actorOf(req), req.body.id);
    return { ...deleted, message: t(req, 'recordDeleted') };
  });
};
