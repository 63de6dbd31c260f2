import type { FastifyPluginAsync } from 'fastify';
import { templatesCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { requestLanguage, t } from '../../lib/i18n';
import { route } from '../../lib/route';
import { previewTemplate } from './template-preview';
import * as templates from './templates.service';

/** Signed-in routes: the service refuses non-admin writes with the spec's own messages. */
export const templatesRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.getTemplates, () => templates.listTemplates(deps));

  route(app, calls.templateCreateUpdate, async (req) => ({
    id: await templates.saveTemplate(deps, actorOf(req), req.body),
    message: t(req, 'templateSaved'),
  }));

  route(app, calls.deleteTemplate, async (req) => {
    await templates.deleteTemplate(deps, actorOf(req), req.body.id);
    return { ok: true as const, message: t(req, 'templateDeleted') };
  });

  route(app, calls.templatePreview, (req) => previewTemplate(deps, actorOf(req), req.body, requestLanguage(req)));
};
