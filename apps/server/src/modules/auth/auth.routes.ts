import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLoginBody,
  AdminLoginReply,
  ChangePasswordBody,
  ErrorBody,
  ForgetPasswordBody,
  MeReply,
  OkReply,
  ResetPasswordBody,
  StrongResetPasswordBody,
} from '@provisio/contract';
import { t, requestLanguage } from '../../lib/i18n';
import * as auth from './auth.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/adminLogin', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Sign in to the admin portal', body: AdminLoginBody, response: { 200: AdminLoginReply, ...errors } },
    handler: (req) => auth.adminLogin(deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  });

  app.post('/logout', {
    schema: { tags: ['auth'], summary: 'End the current session (beyond the spec)', response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await auth.logout(deps, req.caller!);
      return { ok: true as const, message: t(req, 'loggedOut') };
    },
  });

  app.get('/me', {
    schema: { tags: ['auth'], summary: 'Who the token belongs to (beyond the spec)', response: { 200: MeReply, ...errors } },
    handler: async (req) => auth.describeCaller(deps, req.caller!),
  });

  app.post('/forgetPassword', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Email an admin password reset link', body: ForgetPasswordBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await auth.forgetPassword(deps, req.body.username, requestLanguage(req));
      return { ok: true as const, message: t(req, 'resetEmailSent') };
    },
  });

  app.post('/resetPassword', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Set a new admin password from an emailed link', body: ResetPasswordBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await auth.resetPassword(deps, req.body.ref, req.body.password);
      return { ok: true as const, message: t(req, 'passwordResetDone') };
    },
  });

  app.post('/resetResellerPassword', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: "Set a new reseller user's password from an emailed link (strong passwords only)", body: StrongResetPasswordBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await auth.resetResellerPassword(deps, req.body.ref, req.body.password);
      return { ok: true as const, message: t(req, 'passwordResetDone') };
    },
  });

  app.post('/changePassword', {
    schema: { tags: ['profile'], summary: "Change the caller's own password", body: ChangePasswordBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await auth.changePassword(deps, req.caller!, req.body.old_password, req.body.new_password);
      return { ok: true as const, message: t(req, 'passwordUpdated') };
    },
  });
};

