import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppLoginBody,
  AppLoginChangeReply,
  AppLoginReply,
  AuthLoginBody,
  AuthLoginReply,
  ChangeAppPasswordBody,
  EmailQrBody,
  ErrorBody,
  ForgetAppPasswordBody,
  OkReply,
  ResetAppPasswordBody,
  UserInformationBody,
  UserInformationReply,
} from '@provisio/contract';
import { requestLanguage, t } from '../../lib/i18n';
import * as svc from './app-auth.service';
import { authLogin, emailQr } from './qr.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const tags = ['end-user'];
const config = { access: 'public' as const };

/** End-user sign-in, passwords and the QR generator (issue #6): public, credentials in the body, no Token. */
export const appAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/appLogin', {
    config,
    schema: { tags, summary: 'App sign-in: 200 hands off to the app, 202 when the password must change', body: AppLoginBody, response: { 200: AppLoginReply, 202: AppLoginChangeReply, ...errors } },
    handler: async (req, reply) => {
      const r = await svc.appLogin(deps, req.body, req.ip);
      if (r.status === 202) return reply.code(202).send({ username: r.username, must_change_password: true as const, message: t(req, 'mustChangePassword') });
      return { username: r.username, link: r.link, app_token: r.app_token };
    },
  });

  app.post('/changeAppPassword', {
    config,
    schema: { tags, summary: "Change an app account's password (ends a forced change)", body: ChangeAppPasswordBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await svc.changeAppPassword(deps, req.body, req.ip);
      return { ok: true as const, message: t(req, 'passwordUpdated') };
    },
  });

  for (const path of ['/forgetAppPassword', '/resetAuthPassword']) {
    app.post(path, {
      config,
      schema: { tags, summary: 'Email an app account a single-use reset link (same reply whether or not it exists)', body: ForgetAppPasswordBody, response: { 200: OkReply, ...errors } },
      handler: async (req) => {
        await svc.forgetAppPassword(deps, req.body.username, requestLanguage(req));
        return { ok: true as const, message: t(req, 'appResetLinkSent') };
      },
    });
  }

  app.post('/resetAppPassword', {
    config,
    schema: { tags, summary: "Set an app account's password from an emailed link (strong passwords only)", body: ResetAppPasswordBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await svc.resetAppPassword(deps, req.body.ref, req.body.password);
      return { ok: true as const, message: t(req, 'passwordResetDone') };
    },
  });

  app.post('/authLogin', {
    config,
    schema: { tags, summary: 'QR generator sign-in: the csc: payload and a short-lived grant for emailQR', body: AuthLoginBody, response: { 200: AuthLoginReply, ...errors } },
    handler: (req) => authLogin(deps, req.body, req.ip),
  });

  app.post('/emailQR', {
    config,
    schema: { tags, summary: 'Email the QR code as an inline PNG (needs the grant from authLogin)', body: EmailQrBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await emailQr(deps, req.body, requestLanguage(req));
      return { ok: true as const, message: t(req, 'qrEmailSent') };
    },
  });

  app.post('/userInformation', {
    config,
    schema: { tags, summary: "The app account's extension, for the call history page", body: UserInformationBody, response: { 200: UserInformationReply, ...errors } },
    handler: (req) => svc.userInformation(deps, req.body.cloud_username, req.body.cloud_password, req.ip),
  });
};
