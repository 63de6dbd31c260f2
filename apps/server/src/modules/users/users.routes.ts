import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateUpdateUserBody, CreatedReply, ErrorBody, IdBody, OkReply, UserList, UserRow, UserSummaryBody } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import * as users from './users.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const admin = { access: 'admin' } as const;
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/userSummary', {
    config: admin,
    schema: { tags, summary: 'Portal users; optional search, sort and paging (total in X-Total-Count)', body: UserSummaryBody.optional(), response: { 200: UserList, ...errors } },
    handler: async (req, reply) => sendList(reply, await users.listUsers(deps, req.body ?? {})),
  });

  app.post('/userDetail', {
    config: admin,
    schema: { tags, summary: 'One portal user', body: IdBody, response: { 200: UserRow, ...errors } },
    handler: (req) => users.getUser(deps, req.body.id),
  });

  app.post('/createUpdateUser', {
    config: admin,
    schema: { tags, summary: 'Create a portal user (with password), or edit one (without)', body: CreateUpdateUserBody, response: { 200: CreatedReply, ...errors } },
    handler: async (req) => ({ id: await users.saveUser(deps, actorOf(req), req.body), message: t(req, 'profileUpdated') }),
  });

  app.post('/deleteUserDetail', {
    config: admin,
    schema: { tags, summary: 'Delete a portal user; their sessions end', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await users.deleteUser(deps, actorOf(req), req.body.id);
      return { ok: true as const, message: t(req, 'recordDeleted') };
    },
  });
};
