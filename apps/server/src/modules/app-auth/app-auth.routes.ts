import type { FastifyPluginAsync } from 'fastify';
import { AppLoginChangeReply, appAuthCalls as calls } from '@provisio/contract';
import { requestLanguage, t } from '../../lib/i18n';
import { route } from '../../lib/route';
import * as svc from './app-auth.service';
import { authLogin, emailQr } from './qr.service';

/** End-user sign-in, passwords and the QR generator (issue #6): public, credentials in the body, no Token. */
export const appAuthRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(
    app,
    calls.appLogin,
    async (req, reply) => {
      const r = await svc.appLogin(deps, req.body, req.ip);
      // 202 has its own reply (AppLoginChangeReply, extras below); the call's declared reply is the 200 one.
      if (r.status === 202)
        return reply
          .code(202)
          .send({ username: r.username, must_change_password: true as const, message: t(req, 'mustChangePassword') });
      return { username: r.username, link: r.link, app_token: r.app_token };
    },
    { schema: { response: { 202: AppLoginChangeReply } } },
  );

  route(app, calls.changeAppPassword, async (req) => {
    await svc.changeAppPassword(deps, req.body, req.ip);
    return { ok: true as const, message: t(req, 'passwordUpdated') };
  });

  for (const c of [calls.forgetAppPassword, calls.resetAuthPassword]) {
    route(app, c, async (req) => {
      await svc.forgetAppPassword(deps, req.body.username, requestLanguage(req));
      return { ok: true as const, message: t(req, 'resetRequestNeutral') };
    });
  }

  route(app, calls.resetAppPassword, async (req) => {
    await svc.resetAppPassword(deps, req.body.ref, req.body.password);
    return { ok: true as const, message: t(req, 'passwordResetDone') };
  });

  route(app, calls.authLogin, (req) => authLogin(deps, req.body, req.ip));

  route(app, calls.emailQR, async (req) => {
    await emailQr(deps, req.body, requestLanguage(req));
    return { ok: true as const, message: t(req, 'qrEmailQueued') };
  });

  route(app, calls.userInformation, (req) =>
    svc.userInformation(deps, req.body.cloud_username, req.body.cloud_password, req.ip),
  );
};
