import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailLinkBody, ErrorBody, InviteNotProvisionedBody, JobStartedReply, LinkExtensionBody, OkReply, ReLinkExtensionsBody, ResendInviteBody } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { requestLanguage, t } from '../../lib/i18n';
import { emailLink, linkExtension, relinkExtensions } from './app-accounts.service';
import { inviteNotProvisioned, resendInvite } from './invitations.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['app-accounts'];

export const appAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/linkExtension', {
    schema: { tags, summary: "Create or update an extension's app account (username = email) and link it", body: LinkExtensionBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await linkExtension(deps, actorOf(req), req.body);
      return { ok: true as const, message: t(req, 'userLinked') };
    },
  });

  app.post('/emailLink', {
    schema: { tags, summary: 'Queue QR-link emails (a job): one per subscriber with each recipient email, placeholders filled', body: EmailLinkBody, response: { 200: JobStartedReply, ...errors } },
    handler: (req) => emailLink(deps, actorOf(req), req.body, requestLanguage(req)),
  });

  app.post('/reLinkExtensions', {
    schema: { tags, summary: 'Re-create the selected users app accounts and re-send their links (a job)', body: ReLinkExtensionsBody, response: { 200: JobStartedReply, ...errors } },
    handler: (req) => relinkExtensions(deps, actorOf(req), req.body, requestLanguage(req)),
  });

  app.post('/resendInvite', {
    schema: { tags, summary: "Send one linked extension's invitation (QR-link email) again with a template (a job; issue #14)", body: ResendInviteBody, response: { 200: JobStartedReply, ...errors } },
    handler: (req) => resendInvite(deps, actorOf(req), req.body, requestLanguage(req)),
  });

  app.post('/inviteNotProvisioned', {
    schema: { tags, summary: 'Invite every linked extension of a tenant whose app has not provisioned, within the licences (a job with progress; issue #14)', body: InviteNotProvisionedBody, response: { 200: JobStartedReply, ...errors } },
    handler: (req) => inviteNotProvisioned(deps, actorOf(req), req.body, requestLanguage(req)),
  });
};
