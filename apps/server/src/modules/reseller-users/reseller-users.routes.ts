import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateUpdateResellerUserBody,
  CreateUserResellerLinkBody,
  CreatedReply,
  ErrorBody,
  IdBody,
  OkReply,
  ResellerUserList,
  ResellerUserRow,
  ResellerUserSummaryBody,
  UserResellerLinkList,
  UsersToResellersBody,
} from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import * as svc from './reseller-users.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const admin = { access: 'admin' } as const;
const tags = ['reseller users'];
const deleted = { ok: true as const };

export const resellerUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/resellerUserSummary', {
    config: admin,
    schema: { tags, summary: 'Reseller users with their resellers; optional search, sort and paging', body: ResellerUserSummaryBody.optional(), response: { 200: ResellerUserList, ...errors } },
    handler: async (req, reply) => sendList(reply, await svc.listResellerUsers(deps.db.kysely, req.body ?? {})),
  });

  app.post('/resellerUserDetail', {
    config: admin,
    schema: { tags, summary: 'One reseller user', body: IdBody, response: { 200: ResellerUserRow, ...errors } },
    handler: (req) => svc.getResellerUser(deps, req.body.id),
  });

  app.post('/createUpdateResellerUser', {
    config: admin,
    schema: { tags, summary: 'Create a reseller user (with password), or edit one (without)', body: CreateUpdateResellerUserBody, response: { 200: CreatedReply, ...errors } },
    handler: async (req) => ({ id: await svc.saveResellerUser(deps, actorOf(req), req.body), message: t(req, 'profileUpdated') }),
  });

  app.post('/deleteResellerUser', {
    config: admin,
    schema: { tags, summary: 'Delete a reseller user, their links and sessions', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await svc.deleteResellerUser(deps, actorOf(req), req.body.id);
      return { ...deleted, message: t(req, 'recordDeleted') };
    },
  });

  app.post('/getUsersToResellers', {
    config: admin,
    schema: { tags, summary: 'The resellers a reseller user (user_id) belongs to', body: UsersToResellersBody, response: { 200: UserResellerLinkList, ...errors } },
    handler: (req) => svc.listUserResellers(deps, req.body.user_id),
  });

  app.post('/createUpdateResellerUsersJunction', {
    config: admin,
    schema: { tags, summary: 'Add a reseller user (user_id) to a reseller', body: CreateUserResellerLinkBody, response: { 200: CreatedReply, ...errors } },
    handler: async (req) => ({ id: await svc.linkUserToReseller(deps, actorOf(req), req.body), message: t(req, 'dataSaved') }),
  });

  app.post('/deleteResellerUserJunction', {
    config: admin,
    schema: { tags, summary: 'Remove a reseller user from a reseller', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await svc.unlinkUserFromReseller(deps, actorOf(req), req.body.id);
      return { ...deleted, message: t(req, 'recordDeleted') };
    },
  });
};
