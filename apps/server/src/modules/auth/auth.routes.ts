import type { FastifyPluginAsync } from 'fastify';
import { authCalls as calls } from '@provisio/contract';
import { callerOf } from '../../lib/audit';
import { t, requestLanguage } from '../../lib/i18n';
import { route } from '../../lib/route';
import * as auth from './auth.service';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.adminLogin, (req) =>
    auth.adminLogin(deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  );

  route(app, calls.logout, async (req) => {
    await auth.logout(deps, callerOf(req));
    return { ok: true as const, message: t(req, 'loggedOut') };
  });

  route(app, calls.me, (req) => auth.describeCaller(deps, callerOf(req)));

  route(app, calls.forgetPassword, async (req) => {
    await auth.forgetPassword(deps, req.body.username, requestLanguage(req));
    return { ok: true as const, message: t(req, 'resetRequestNeutral') };
  });

  route(app, calls.resetPassword, async (req) => {
    await auth.resetPassword(deps, req.body.ref, req.body.password);
    return { ok: true as const, message: t(req, 'passwordResetDone') };
  });

  route(app, calls.resetResellerPassword, async (req) => {
    await auth.resetResellerPassword(deps, req.body.ref, req.body.password);
    return { ok: true as const, message: t(req, 'passwordResetDone') };
  });

  route(app, calls.changePassword, async (req) => {
    await auth.changePassword(deps, callerOf(req), req.body.old_password, req.body.new_password);
    return { ok: true as const, message: t(req, 'passwordUpdated') };
  });
};
