import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatedReply, ErrorBody, IdBody, OkReply, TemplateCreateUpdateBody, TemplateList } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import * as templates from './templates.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['templates'];

/** Signed-in routes: the service refuses non-admin writes with the spec's own messages. */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/getTemplates', {
    schema: { tags, summary: 'Email templates, by name', response: { 200: TemplateList, ...errors } },
    handler: () => templates.listTemplates(deps),
  });

  app.post('/templateCreateUpdate', {
    schema: { tags, summary: 'Create a template, or update subject and body (admin); the body HTML is sanitised', body: TemplateCreateUpdateBody, response: { 200: CreatedReply, ...errors } },
    handler: async (req) => ({ id: await templates.saveTemplate(deps, actorOf(req), req.body), message: t(req, 'templateSaved') }),
  });

  app.post('/deleteTemplate', {
    schema: { tags, summary: 'Delete a template (admin)', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await templates.deleteTemplate(deps, actorOf(req), req.body.id);
      return { ok: true as const, message: t(req, 'templateDeleted') };
    },
  });
};
