import type { FastifyPluginAsync } from 'fastify';
import { appAccountsCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { requestLanguage, t } from '../../lib/i18n';
import { route } from '../../lib/route';
import { emailLink, linkExtension, previewEmailLink, relinkExtensions } from './app-accounts.service';
import { inviteNotProvisioned, resendInvite } from './invitations.service';

export const appAccountsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.linkExtension, async (req) => {
    await linkExtension(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'userLinked') };
  });

  route(app, calls.emailLink, (req) => emailLink(deps, actorOf(req), req.body, requestLanguage(req)));

  route(app, calls.emailLinkPreview, (req) => previewEmailLink(deps, actorOf(req), req.body, requestLanguage(req)));

  route(app, calls.reLinkExtensions, (req) => relinkExtensions(deps, actorOf(req), req.body, requestLanguage(req)));

  route(app, calls.resendInvite, (req) => resendInvite(deps, actorOf(req), req.body, requestLanguage(req)));

  route(app, calls.inviteNotProvisioned, (req) =>
    inviteNotProvisioned(deps, actorOf(req), req.body, requestLanguage(req)),
  );
};
