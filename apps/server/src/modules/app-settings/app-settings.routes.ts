import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppSettingsReply, ErrorBody, GetAppSettingsBody, SaveAppSettingsBody } from '@provisio/contract';
import { t } from '../../lib/i18n';
import { type AppCaller, requireAppCaller } from '../app-auth/app-sessions';
import { type SettingsView, getAppSettings, saveAppSettings } from './app-settings.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 424: ErrorBody, 503: ErrorBody };

/** An unavailable tab's reason, in the caller's language. */
function present(req: FastifyRequest, { reason, ...view }: SettingsView): AppSettingsReply {
  return reason ? { ...view, availability_message: t(req, reason) } : view;
}
const tags = ['end-user'];

/** The /settings_tab/* pages (issue #6): signed in with the app account's `App-Token` header, not the admin Token. */
export const appSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The app session is checked before the body is validated, so a caller without one learns nothing about inputs.
  const callers = new WeakMap<FastifyRequest, AppCaller>();
  const onRequest = async (req: FastifyRequest) => void callers.set(req, await requireAppCaller(deps, req));
  const who = (req: FastifyRequest) => callers.get(req)!;

  app.post('/getAppSettings', {
    config: { access: 'public' },
    onRequest,
    schema: { tags, summary: "One settings tab of the app account's extension (defaults until saved)", body: GetAppSettingsBody, response: { 200: AppSettingsReply, ...errors } },
    handler: async (req) => present(req, await getAppSettings(deps, who(req), req.body.tab)),
  });

  app.post('/saveAppSettings', {
    config: { access: 'public' },
    onRequest,
    schema: { tags, summary: 'Save one settings tab (validated per tab); BLF keys are read-only here', body: SaveAppSettingsBody, response: { 200: AppSettingsReply, ...errors } },
    handler: async (req) => ({ ...present(req, await saveAppSettings(deps, who(req), req.body)), message: t(req, 'dataSaved') }),
  });
};
