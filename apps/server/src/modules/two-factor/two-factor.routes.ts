import type { FastifyPluginAsync } from 'fastify';
import { twoFactorCalls as calls } from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import * as admin from './two-factor.admin';
import * as own from './two-factor.service';
import * as signIn from './sign-in';

const metaOf = (req: { ip: string; headers: { 'user-agent'?: string } }) => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? '',
});

export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.verifyTwoFactor, (req) => signIn.verifyTwoFactor(deps, req.body, metaOf(req)));
  route(app, calls.twoFactorEnrolStart, (req) => signIn.enrolStart(deps, req.body.challenge));
  route(app, calls.twoFactorEnrolFinish, (req) => signIn.enrolFinish(deps, req.body, metaOf(req)));

  route(app, calls.twoFactorStatus, (req) => own.status(deps, callerOf(req)));
  route(app, calls.twoFactorSetup, (req) => own.setup(deps, callerOf(req)));
  route(app, calls.twoFactorEnable, async (req) => ({
    recovery_codes: await own.enable(deps, actorOf(req), req.body.code),
  }));
  route(app, calls.twoFactorDisable, async (req) => {
    await own.disable(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'twoFactorTurnedOff') };
  });
  route(app, calls.twoFactorRecoveryCodes, async (req) => ({
    recovery_codes: await own.regenerate(deps, actorOf(req), req.body),
  }));

  route(app, calls.getTwoFactorPolicy, () => admin.getPolicy(deps));
  route(app, calls.setTwoFactorPolicy, async (req) => {
    await admin.setPolicy(deps, actorOf(req), req.body.required_for);
    return { ok: true as const, message: t(req, 'twoFactorPolicySaved') };
  });
  route(app, calls.twoFactorAccountStatus, (req) => admin.accountStatus(deps, req.body));
  route(app, calls.resetTwoFactor, async (req) => {
    await admin.resetFactor(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'twoFactorResetDone') };
  });
};
